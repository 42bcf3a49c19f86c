"""The README's Python examples run as written."""
import re
from pathlib import Path

import pytest

BLOCKS = re.findall(r"```python\n(.*?)```", (Path(__file__).parent.parent / "README.md")
                    .read_text(encoding="utf-8"), re.S)


def test_readme_has_examples():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_example_runs(index, capsys):
    exec(compile(BLOCKS[index], f"README block {index}", "exec"), {})
