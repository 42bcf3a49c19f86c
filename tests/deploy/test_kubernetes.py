"""What can be checked of the Kubernetes recipes on a machine without Kubernetes: the files are
valid YAML by the repository's rules (yamllint, .yamllint), valid Kubernetes objects by the
schemas (kubernetes-validate), and the image's command, port, probes and learner's environment
are the ones the tested recipes use (tutor_server.stack and tutor_server.hub: one source,
checked here against every copy a deployment file has to hold)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tutor_server.hub import SINGLEUSER_CONFIG, SINGLEUSER_ENV, START_PAGE, TEACHERS
from tutor_server.stack import HEALTH_PATH, SERVER_COMMAND, SERVER_PORT

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
MANIFESTS = DEPLOY / "kubernetes" / "tutor.yaml"
Z2JH = DEPLOY / "jupyterhub" / "config.yaml"
DOCKERFILE = DEPLOY / "Dockerfile"
# where deploy/Dockerfile puts the checkout (its ARG TUTOR_ROOT, read from the file)
IMAGE_ROOT = re.search(r"^ARG TUTOR_ROOT=(\S+)$", DOCKERFILE.read_text(), re.M).group(1)
CONTAINER_COMMAND = [*SERVER_COMMAND, "IP=0.0.0.0", f"PORT={SERVER_PORT}"]
YAML_FILES = sorted(DEPLOY.rglob("*.yaml"))


def _tool(module: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, *args], cwd=REPO, capture_output=True,
                          text=True, timeout=120)


def test_every_deployment_file_passes_yamllint():
    assert len(YAML_FILES) >= 2, YAML_FILES
    result = _tool("yamllint", "--strict", "-c", str(REPO / ".yamllint"), *map(str, YAML_FILES))
    assert result.returncode == 0, result.stdout + result.stderr


def test_yamllint_would_catch_a_broken_file(tmp_path):
    """The check above can fail: the same rules on a copy with a duplicated key."""
    broken = tmp_path / "tutor.yaml"
    broken.write_text(MANIFESTS.read_text().replace("  replicas: 2\n",
                                                    "  replicas: 2\n  replicas: 3\n", 1))
    result = _tool("yamllint", "--strict", "-c", str(REPO / ".yamllint"), str(broken))
    assert result.returncode != 0 and "duplication" in result.stdout, result.stdout


def _validate(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(Path(sys.executable).parent / "kubernetes-validate"), "--strict",
                           "--quiet", str(path)], capture_output=True, text=True, timeout=120)


def test_the_manifests_are_valid_kubernetes_objects():
    result = _validate(MANIFESTS)
    assert result.returncode == 0, result.stdout + result.stderr
    kinds = [doc["kind"] for doc in yaml.safe_load_all(MANIFESTS.read_text()) if doc]
    assert sorted(kinds) == ["Deployment", "Ingress", "PodDisruptionBudget", "Secret",
                             "Service"]


def test_kubernetes_validate_would_catch_a_wrong_field(tmp_path):
    wrong = tmp_path / "tutor.yaml"
    wrong.write_text(MANIFESTS.read_text().replace("containerPort:", "containerPorts:", 1))
    result = _validate(wrong)
    assert result.returncode != 0, result.stdout
    assert "containerPort" in result.stdout + result.stderr


def _docs(kind: str) -> dict:
    (doc,) = [d for d in yaml.safe_load_all(MANIFESTS.read_text()) if d and d["kind"] == kind]
    return doc


def _dockerfile_cmd() -> list[str]:
    (line,) = [ln for ln in DOCKERFILE.read_text().splitlines() if ln.startswith("CMD ")]
    return json.loads(line[len("CMD "):])


def test_the_image_runs_the_tested_servers_command_and_port():
    """The replicas' tests start ``SERVER_COMMAND PORT=<port>`` (tests/deploy/conftest.py); the
    image and the Deployment run the same, on every address, on ``SERVER_PORT``."""
    assert _dockerfile_cmd() == CONTAINER_COMMAND
    assert f"EXPOSE {SERVER_PORT}" in DOCKERFILE.read_text().splitlines()
    (container,) = _docs("Deployment")["spec"]["template"]["spec"]["containers"]
    assert container["command"] == CONTAINER_COMMAND
    assert [p["containerPort"] for p in container["ports"]] == [SERVER_PORT]
    service = _docs("Service")["spec"]
    assert [p["targetPort"] for p in service["ports"]] == [container["ports"][0]["name"]]


def test_the_probes_and_the_load_balancer_check_ask_for_the_same_file_that_starts_no_kernel():
    (container,) = _docs("Deployment")["spec"]["template"]["spec"]["containers"]
    for probe in ("readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == HEALTH_PATH
    haproxy = (DEPLOY / "haproxy" / "haproxy.cfg").read_text()
    assert f"http-check send meth HEAD uri {HEALTH_PATH}" in haproxy
    # A static file of the page template: served without a kernel.
    assert HEALTH_PATH.startswith("/voila/templates/tutor/static/")
    assert (REPO / "share/jupyter/voila/templates/tutor/static" /
            HEALTH_PATH.rsplit("/", 1)[1]).exists()


def test_the_ingress_keeps_a_page_on_its_server_like_haproxy():
    annotations = _docs("Ingress")["metadata"]["annotations"]
    haproxy = (DEPLOY / "haproxy" / "haproxy.cfg").read_text()
    cookie = annotations["nginx.ingress.kubernetes.io/session-cookie-name"]
    assert annotations["nginx.ingress.kubernetes.io/affinity"] == "cookie"
    assert f"cookie {cookie} insert" in haproxy
    # Websockets last as long as a page: HAProxy's tunnel timeout, the Ingress's read timeout.
    assert "timeout tunnel 2h" in haproxy
    assert annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"] == str(2 * 3600)


def test_the_database_reaches_the_servers_from_the_secret():
    secret = _docs("Secret")
    (container,) = _docs("Deployment")["spec"]["template"]["spec"]["containers"]
    assert {"secretRef": {"name": secret["metadata"]["name"]}} in container["envFrom"]
    assert set(secret["stringData"]) == {"TRUCO_CLASSROOM_DB"}


def test_zero_to_jupyterhub_runs_the_tested_single_user_server():
    """deploy/jupyterhub/config.yaml holds what tutor_server.hub gives the tested hub: the
    single-user config file, the start page, the learner's settings, the teachers' group."""
    values = yaml.safe_load(Z2JH.read_text())
    single = values["singleuser"]
    config = Path(IMAGE_ROOT) / SINGLEUSER_CONFIG.relative_to(REPO)
    assert single["cmd"] == ["jupyterhub-singleuser", f"--config={config}"]
    assert single["defaultUrl"] == START_PAGE
    env = single["extraEnv"]
    assert {k: env[k] for k in SINGLEUSER_ENV} == SINGLEUSER_ENV
    assert env["TRUCO_CLASSROOM_HUB_USER"] == "1"
    assert env["JUPYTER_PATH"] == f"{IMAGE_ROOT}/share/jupyter"
    assert env["JUPYTER_CONFIG_PATH"] == f"{IMAGE_ROOT}/share/jupyter/config"
    assert f'"{TEACHERS}"' in values["hub"]["extraConfig"]["teachers"]
    assert values["hub"]["db"]["type"] == "postgres"
    assert values["cull"]["enabled"] is True


@pytest.mark.parametrize("path", [MANIFESTS, Z2JH], ids=lambda p: p.name)
def test_no_real_secret_is_shipped(path):
    """The files hold placeholders a school must replace, never a working password."""
    text = path.read_text()
    for doc in yaml.safe_load_all(text):
        for url in _urls(doc):
            assert "CHANGE-ME" in url, url


def _urls(node):
    if isinstance(node, dict):
        for value in node.values():
            yield from _urls(value)
    elif isinstance(node, list):
        for value in node:
            yield from _urls(value)
    elif isinstance(node, str) and node.startswith("postgresql"):
        yield node
