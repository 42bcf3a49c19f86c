"""Lessons as steps: the shared step format (:mod:`.model`), the task kinds (:mod:`.tasks`),
the lesson runner, the learner's stored progress, the review deck and the exam."""
from .model import MemoryProgress, Outcome, Plan, Progress, ReviewItem, Step, Task, stars

__all__ = ["MemoryProgress", "Outcome", "Plan", "Progress", "ReviewItem", "Step", "Task",
           "stars"]
