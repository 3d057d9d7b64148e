import { SPAWN_FAILED_EXIT_CODE, SPAWN_FAILED_MARKER } from '../shared/spawn-failure.js';

/**
 * A sandbox pod gets marimo ready before anyone asks for it (docs/kubernetes.md, "How a start is
 * made fast"): importing marimo takes most of a second, about as long as the whole rest of a
 * session start, so a small launcher imports it as soon as the container runs and forks a marimo
 * from that import on request. A start then overlaps marimo's import with the hub writing the
 * notebook and asking for the server, instead of paying for it afterwards.
 */

/** Where the launcher listens, in the container. */
export const LAUNCHER_SOCKET = '/tmp/notebook-hub-marimo-launcher.sock';

/**
 * What marimo's server imports only once it starts (its HTTP and WebSocket protocols), measured on
 * a `marimo edit` of this version: imported ahead too, so that a forked marimo answers sooner.
 * Each is optional: a module another version does not have is skipped.
 */
const PREPARED_MODULES = [
  'anyio._backends._asyncio',
  'anyio.streams.memory',
  'anyio.streams.stapled',
  'anyio.streams.tls',
  'encodings.idna',
  'h11',
  'packaging.version',
  'uvicorn.lifespan.on',
  'uvicorn.protocols.http.auto',
  'uvicorn.protocols.http.h11_impl',
  'uvicorn.protocols.websockets.auto',
  'websockets.server',
];

/**
 * The launcher, run by the sandbox's runtime Python beside the container's own process. It listens
 * before it imports, so that a request made during the import waits for it rather than paying for
 * a second one. For each request it forks a supervisor, which forks marimo on the caller's stdin,
 * stdout and stderr (passed over the socket), working directory, environment and arguments, tells
 * the caller marimo's pid and then its exit status; when the caller goes away marimo is killed, as
 * it would be with the caller's own process. Without marimo it removes its socket and ends: callers
 * then run marimo themselves.
 */
const LAUNCHER_SERVER = String.raw`
import json, os, select, signal, socket, sys
PREPARED_MODULES = ${JSON.stringify(PREPARED_MODULES)}
path = sys.argv[1]
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    os.unlink(path)
except FileNotFoundError:
    pass
listener.bind(path)
listener.listen(64)
try:
    from marimo._cli.cli import main as marimo_main
    import marimo._server.start, marimo._server.main, marimo._runtime.runtime
except BaseException:
    os.unlink(path)
    listener.close()
    sys.exit(0)
for name in PREPARED_MODULES:
    try:
        __import__(name)
    except Exception:
        pass

def reap(*_):
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return

def receive(conn):
    _, fds, _, _ = socket.recv_fds(conn, 1, 3)
    data = b""
    while not data.endswith(b"\n"):
        chunk = conn.recv(65536)
        if not chunk:
            raise EOFError()
        data += chunk
    return json.loads(data), fds

def run_marimo(request, fds):
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, int(signal.SIGKILL))
    except Exception:
        pass
    for number, fd in enumerate(fds):
        os.dup2(fd, number)
        os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.path[0] = os.path.dirname(sys.executable)
    sys.path[1:1] = [entry for entry in request["env"].get("PYTHONPATH", "").split(os.pathsep) if entry]
    sys.argv = request["argv"]
    for number in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.exit(marimo_main())

def supervise(conn, request, fds):
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    pid = os.fork()
    if pid == 0:
        conn.close()
        run_marimo(request, fds)
    for fd in fds:
        os.close(fd)
    try:
        conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")
        exited = os.pidfd_open(pid)
    except OSError:
        exited = None
    while True:
        ready, _, _ = select.select([conn] + ([exited] if exited is not None else []), [], [], None if exited is not None else 0.05)
        done, status = os.waitpid(pid, os.WNOHANG)
        if done == pid:
            try:
                conn.sendall(json.dumps({"exit": os.waitstatus_to_exitcode(status)}).encode() + b"\n")
            except OSError:
                pass
            os._exit(0)
        if conn in ready and not conn.recv(4096):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os._exit(0)

signal.signal(signal.SIGCHLD, reap)
while True:
    conn, _ = listener.accept()
    try:
        request, fds = receive(conn)
    except Exception:
        conn.close()
        continue
    if len(fds) != 3:
        for fd in fds:
            os.close(fd)
        conn.close()
        continue
    if os.fork() == 0:
        listener.close()
        supervise(conn, request, fds)
    conn.close()
    for fd in fds:
        os.close(fd)
`;

/**
 * What a spawn of marimo runs instead (`python3 -I -S`, the standard library only): it hands its
 * stdin, stdout, stderr, environment, working directory and arguments to the launcher and then
 * stands for the marimo it started: signals it receives go to marimo, and it ends as marimo ends,
 * with its exit status. Without a launcher (not started yet, gone, no marimo to import) it becomes
 * marimo itself, as a plain spawn would.
 */
const LAUNCHER_CLIENT = String.raw`
import json, os, signal, socket, sys
path, argv = sys.argv[1], sys.argv[2:]
def run_directly():
    try:
        os.execvp(argv[0], argv)
    except OSError as error:
        sys.stderr.write("${SPAWN_FAILED_MARKER} %s: %s\n" % (argv[0], error.strerror))
        sys.exit(${SPAWN_FAILED_EXIT_CODE})
try:
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    conn.connect(path)
    socket.send_fds(conn, [b"\0"], [0, 1, 2])
    conn.sendall(json.dumps({"argv": argv, "env": dict(os.environ), "cwd": os.getcwd()}).encode() + b"\n")
    replies = conn.makefile("rb")
    pid = json.loads(replies.readline())["pid"]
except (OSError, ValueError, KeyError):
    run_directly()
def forward(number, _frame):
    try:
        os.kill(pid, number)
    except ProcessLookupError:
        pass
for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2):
    signal.signal(number, forward)
try:
    code = json.loads(replies.readline())["exit"]
except (OSError, ValueError, KeyError):
    code = -signal.SIGKILL
if code >= 0:
    os._exit(code)
try:
    signal.signal(-code, signal.SIG_DFL)
except (OSError, ValueError):
    pass
os.kill(os.getpid(), -code)
os._exit(128 - code)
`;

/**
 * The container's command: the launcher in the background (quietly: whatever goes wrong with it,
 * spawns fall back to running marimo themselves), and `sleep infinity` as the container's own
 * process, so that the sandbox lives on whatever becomes of the launcher.
 */
export function launcherContainerCommand(): string[] {
  return ['sh', '-c', 'python3 -c "$1" "$2" </dev/null >/dev/null 2>&1 & exec sleep infinity', 'sh', LAUNCHER_SERVER, LAUNCHER_SOCKET];
}

/** Whether a spawn goes through the launcher: marimo's servers, which is what the launcher has imported. */
export const launchesThroughLauncher = (argv: string[]): boolean => argv[0] === 'marimo' && (argv[1] === 'edit' || argv[1] === 'run');

/** The argv that starts `argv` (a marimo server) through the launcher. */
export const launcherArgv = (argv: string[]): string[] => ['python3', '-I', '-S', '-c', LAUNCHER_CLIENT, LAUNCHER_SOCKET, ...argv];
