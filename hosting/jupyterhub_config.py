"""JupyterHub serving the Catan tutor to logged-in users (``jupyterhub -f jupyterhub_config.py``).

Each user gets their own single-user Jupyter server (with Voilà as a server extension and
the tutor's packaged template and settings), which opens on the tutor's start page. The
``jupyterhub-idle-culler`` service stops servers nobody has used for a while; inside each
server the packaged settings already shut a closed tab's kernel down and cull a kernel
without a page within two minutes. See hosting/README.md.

Run it from a folder that holds the hub's state (``jupyterhub.sqlite``, the cookie secret),
e.g. /srv/jupyterhub, in the Python environment where ``catan-tutor``, ``jupyterhub`` and
``jupyterhub-idle-culler`` are installed; ``configurable-http-proxy`` (npm) must be on PATH.

Environment (all optional):

- ``CATAN_HUB_URL``: the public address (default ``http://127.0.0.1:8000``: this machine
  only; behind an HTTPS reverse proxy keep it so, or set ``ssl_cert``/``ssl_key`` below).
- ``CATAN_HUB_MEM_LIMIT``: memory per user (default ``1G``; see ``c.Spawner.mem_limit``).
- ``CATAN_HUB_CULL_TIMEOUT`` / ``CATAN_HUB_CULL_EVERY``: seconds a server may be idle before
  the culler stops it (default 1800) and how often it looks (default 300).
- ``CATAN_HUB_ADMINS``: comma-separated user names who administer the hub (a teacher).
- ``CATAN_HUB_PRESTART_TOKEN``: a secret (e.g. ``openssl rand -hex 32``) for the
  ``class-prestart`` service, whose token may create users and start their servers:
  ``CATAN_HUB_API_TOKEN=<the same> catan-tutor hub-prestart URL --users student01..student30``
  starts a class's servers before it comes (see hosting/README.md).
- ``CATAN_HUB_TEST_PASSWORD``: LOCAL TESTING ONLY (tests/test_hub.py, the class benchmark):
  any user name logs in with this shared password and every server runs as the hub's own
  user, without isolation. Never set it on a machine others can reach.
"""

import os
import secrets
import socket
import sys
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner

from catan_tutor.study.resources import START_NOTEBOOK, jupyter_env, notebooks_dir

c = get_config()  # noqa: F821 - provided by JupyterHub when it reads this file

BIN = Path(sys.executable).parent  # this environment's scripts (jupyterhub-singleuser)

# ------------------------------------------------------------------ the hub and its proxy
c.JupyterHub.bind_url = os.environ.get("CATAN_HUB_URL", "http://127.0.0.1:8000")
# c.JupyterHub.ssl_cert = "/etc/letsencrypt/live/HOST/fullchain.pem"  # HTTPS without a
# c.JupyterHub.ssl_key = "/etc/letsencrypt/live/HOST/privkey.pem"     # reverse proxy
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every user's server
# JupyterHub's pages, waiting for their scripts however busy the hub is (templates/page.html)
c.JupyterHub.template_paths = [str(Path(__file__).resolve().parent / "templates")]

# ------------------------------------------------------------------ log-in
# The default is JupyterHub's PAM authenticator: the machine's own accounts, each user's
# server running as that account (LocalProcessSpawner; the hub must run as root). For a class
# without accounts on this machine use OAuthenticator (GitHub, Google, your school's OIDC)
# or NativeAuthenticator (sign-up with admin approval): see hosting/README.md.
# c.JupyterHub.authenticator_class = "github"   # pip install oauthenticator
# c.GitHubOAuthenticator.oauth_callback_url = "https://HOST/hub/oauth_callback"
# c.GitHubOAuthenticator.client_id = "..."       # or the env. OAUTH_CLIENT_ID
# c.GitHubOAuthenticator.client_secret = "..."   # or the env. OAUTH_CLIENT_SECRET
# c.GitHubOAuthenticator.allowed_organizations = {"my-school"}
# c.JupyterHub.authenticator_class = "native"   # pip install jupyterhub-nativeauthenticator
# c.NativeAuthenticator.open_signup = False      # an admin approves each sign-up
c.Authenticator.admin_users = {n for n in os.environ.get("CATAN_HUB_ADMINS", "").split(",") if n}

# ------------------------------------------------------------------ each user's server
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
# The tutor's Voilà template and settings (jupyter_server_config.json: executor time-outs,
# kernel culling; voila.json: template, no tracebacks), found first whether the package is a
# wheel or an editable install; the server's root is the packaged notebooks (read-only).
c.Spawner.environment = jupyter_env(base={})
c.Spawner.notebook_dir = str(notebooks_dir())
c.Spawner.default_url = f"/voila/render/{START_NOTEBOOK}"  # /user/NAME/voila/render/...
# A server starts in ~8 s on an idle 2-core machine, but a class logging in at once starts
# them all together (JupyterHub's defaults, 60 s and 30 s, would fail some of them).
c.Spawner.start_timeout = 300
c.Spawner.http_timeout = 300
# Memory per user: a server (~80 MiB) and a tutor page's kernel (~120 MiB, ~170 MiB after
# the Odds tab) leave room for a few tabs. LocalProcessSpawner (and the test spawner below)
# only pass it on as $MEM_LIMIT and do NOT enforce it; systemdspawner (a cgroup per user)
# and kubespawner (the pod's limit) do. c.Spawner.cpu_limit is enforced by the same ones.
c.Spawner.mem_limit = os.environ.get("CATAN_HUB_MEM_LIMIT", "1G")
c.Spawner.cpu_limit = 1.0
# c.JupyterHub.spawner_class = "systemd"  # pip install jupyterhub-systemdspawner
# c.SystemdSpawner.dynamic_users = True  # no accounts needed; limits enforced per user

# A local server's port, below Linux's ephemeral range (32768-60999). JupyterHub's own choice
# (bind to port 0, let go, start the server there) raced with kernels binding their own
# ports while a class logged in at once: 1 of 16 servers found its port taken, exited, and
# its student got a 404 from another server (measured with benchmarks/class_load.py --hub).
LOCAL_PORTS = range(20000, 32000)
_ports_in_use: set[int] = set()


def _pick_port(spawner) -> None:
    """pre_spawn_hook: a free port no other server of this hub was given."""
    if not isinstance(spawner, LocalProcessSpawner):
        return  # containers and pods have ports of their own
    for _ in range(200):
        port = LOCAL_PORTS.start + secrets.randbelow(len(LOCAL_PORTS))
        if port in _ports_in_use:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        _ports_in_use.add(port)
        spawner.port = port
        return


def _free_port(spawner) -> None:
    _ports_in_use.discard(spawner.port)


c.Spawner.pre_spawn_hook = _pick_port
c.Spawner.post_stop_hook = _free_port

# ------------------------------------------------------------------ culling idle servers
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={os.environ.get('CATAN_HUB_CULL_TIMEOUT', '1800')}",
            f"--cull-every={os.environ.get('CATAN_HUB_CULL_EVERY', '300')}",
        ],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "description": "Stop servers nobody has used for a while",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]

# ------------------------------------------------------------------ servers started before a class
# `catan-tutor hub-prestart` (catan_tutor/server/hub_prestart.py) with this service's token
# starts the students' servers before the class comes. `servers`: start them and read their
# state; `admin:users`: create the students not on the hub yet (as powerful as an admin: keep
# the token secret, or drop the scope and run it with --no-create). A started server nobody
# opens is stopped by the idle culler above once CATAN_HUB_CULL_TIMEOUT has passed since its
# start (checked every CATAN_HUB_CULL_EVERY): start the class less than that before it comes.
PRESTART_TOKEN = os.environ.get("CATAN_HUB_PRESTART_TOKEN")
if PRESTART_TOKEN:
    c.JupyterHub.services.append({"name": "class-prestart", "api_token": PRESTART_TOKEN})
    c.JupyterHub.load_roles.append(
        {
            "name": "class-prestart",
            "description": "Start a class's servers before the class comes",
            "scopes": ["servers", "admin:users"],
            "services": ["class-prestart"],
        }
    )

# ------------------------------------------------------------------ LOCAL TESTING ONLY
TEST_PASSWORD = os.environ.get("CATAN_HUB_TEST_PASSWORD")
if TEST_PASSWORD:
    # Anyone who knows the password logs in as any user name, and every user's server runs
    # as the hub's own user (no isolation, no accounts): for tests on 127.0.0.1 only.
    c.JupyterHub.authenticator_class = "shared-password"  # DummyAuthenticator's successor
    c.SharedPasswordAuthenticator.user_password = TEST_PASSWORD
    c.Authenticator.allow_all = True
    c.JupyterHub.spawner_class = "simple"  # SimpleLocalProcessSpawner: home /tmp/NAME
    c.SimpleLocalProcessSpawner.home_dir_template = (
        os.environ.get("CATAN_HUB_TEST_HOMES", "/tmp/catan-hub-users") + "/{username}"
    )
    if os.geteuid() == 0:  # CI and containers run as root
        c.Spawner.args = ["--allow-root"]
