"""`make lab` serves JupyterLab on the lessons folder, also when run as root (issue 20)."""
import json
import os
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tutor_server.stack import free_port

REPO = Path(__file__).resolve().parents[2]



def get(url):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.read().decode("utf-8")


def test_make_lab_serves_the_lessons():
    port, token = free_port(), "lab-test-token"
    env = dict(os.environ)
    proc = subprocess.Popen(
        ["make", "-s", "lab", f"LAB_PORT={port}",
         f"LAB_ARGS=--IdentityProvider.token={token} --ServerApp.port_retries=0"],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True)
    try:
        listing = None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and listing is None:
            if proc.poll() is not None:
                pytest.fail("make lab stopped:\n" + proc.stdout.read())
            try:
                status, body = get(f"http://127.0.0.1:{port}/api/contents/lessons?token={token}")
                if status == 200:
                    listing = json.loads(body)
            except OSError:
                time.sleep(0.2)  # the server is not listening yet: poll its state again
        assert listing is not None, "JupyterLab did not answer"
        names = {item["name"] for item in listing["content"]}
        assert "01_ranking.ipynb" in names and "index.ipynb" in names
        status, page = get(f"http://127.0.0.1:{port}/lab/tree/lessons?token={token}")
        assert status == 200 and "JupyterLab" in page
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)
