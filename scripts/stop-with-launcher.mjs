// Loaded (`node --import`) into the api and the demo simulator that scripts/start.mjs starts: each stops,
// as if sent SIGTERM, once that launcher is gone, even when it was killed with SIGKILL and told nobody.
const launcher = Number(process.env.SBO_LAUNCHER_PID);

if (Number.isInteger(launcher)) {
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(parentCheck);
    process.kill(process.pid, 'SIGTERM');
  };
  // The IPC channel closes the moment the launcher ends; unreferenced, it keeps nothing running.
  if (process.channel) {
    process.once('disconnect', stop);
    process.channel.unref();
  }
  // A launcher that ended before this ran closed no channel we saw, but it is no longer our parent.
  const parentCheck = setInterval(() => {
    if (process.ppid !== launcher) stop();
  }, 1000);
  parentCheck.unref();
  if (process.ppid !== launcher) stop();
}
