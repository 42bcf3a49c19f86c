"""The widgets' tests, in folders that mirror widgets/. Their shared helpers (card_sheet,
feedback_text, lesson_plans, tutor_clicks) live here: pytest puts this folder on sys.path
when it loads this file, so a test in any subfolder imports them by name."""
