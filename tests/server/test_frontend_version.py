"""Which front-end a page gets: the tutor's, named by its build, or Voila's."""
from __future__ import annotations

from tutor_server import pages


def built(tmp_path, js="a", css="b"):
    (tmp_path / "tutor-frontend.js").write_text(js)
    (tmp_path / "tutor-frontend.css").write_text(css)
    return tmp_path


def test_the_version_names_the_build(tmp_path, monkeypatch):
    monkeypatch.delenv(pages.FRONTEND_ENV, raising=False)
    monkeypatch.setattr(pages, "FRONTEND", built(tmp_path))
    first = pages.frontend_version()
    assert len(first) == 16 and first == pages.frontend_version()
    (tmp_path / "tutor-frontend.css").write_text("changed")  # a browser must not keep the old
    assert pages.frontend_version() not in ("", first)


def test_no_build_or_asked_for_voilas_gives_none(tmp_path, monkeypatch):
    monkeypatch.delenv(pages.FRONTEND_ENV, raising=False)
    monkeypatch.setattr(pages, "FRONTEND", tmp_path)
    assert pages.frontend_version() == ""                   # never built: Voila's front-end
    built(tmp_path)
    monkeypatch.setenv(pages.FRONTEND_ENV, "voila")
    assert pages.frontend_version() == ""
    monkeypatch.setenv(pages.FRONTEND_ENV, "tutor")
    assert pages.frontend_version() != ""
