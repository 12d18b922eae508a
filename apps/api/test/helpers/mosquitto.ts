import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

const binary = '/usr/sbin/mosquitto';

/**
 * Mosquitto from Debian's packages, installed here only when missing (the suite runs as root).
 * Returns why it is unavailable, or null when it is there.
 */
export function ensureMosquitto(): string | null {
  if (existsSync(binary)) return null;
  try {
    // Waits for another apt (a second clone's test run installing too) rather than failing on its lock.
    const apt = 'apt-get -o DPkg::Lock::Timeout=600';
    const install = `DEBIAN_FRONTEND=noninteractive ${apt} install -y -qq mosquitto`;
    execFileSync(
      'flock',
      ['-w', '900', '/var/lock/sbo-apt.lock', 'sh', '-c', `${install} || (${apt} update -qq && ${install})`],
      {
        stdio: 'pipe',
        timeout: 900_000,
      },
    );
  } catch (error) {
    return `apt-get could not install mosquitto (${error instanceof Error ? error.message.split('\n')[0] : 'unknown'})`;
  }
  return existsSync(binary) ? null : 'mosquitto is not at /usr/sbin/mosquitto after installing';
}

export type Mosquitto = { url: string; passwordFile: string; aclFile: string; pidFile: string; stop(): Promise<void> };

/** A Mosquitto on a random port with password and ACL files the api maintains, in a temporary folder. */
export async function startMosquitto(): Promise<Mosquitto> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mosquitto-'));
  const port = await freePort();
  const files = {
    passwordFile: path.join(dir, 'passwd'),
    aclFile: path.join(dir, 'acl'),
    pidFile: path.join(dir, 'mosquitto.pid'),
  };
  await writeFile(files.passwordFile, '');
  await writeFile(files.aclFile, '');
  const config = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${files.passwordFile}`,
    `acl_file ${files.aclFile}`,
    `pid_file ${files.pidFile}`,
    'persistence false',
    // A device's packets are small (docs/device-protocol.md section 11): a larger one closes its connection.
    'max_packet_size 65536',
    // The suite runs as root; without this Mosquitto drops to its own user and cannot read the temp folder.
    'user root',
    'log_dest stderr',
  ].join('\n');
  await writeFile(path.join(dir, 'mosquitto.conf'), `${config}\n`);
  const child = spawn(binary, ['-c', path.join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 60_000;
  while (!(await canConnect(port)) || !existsSync(files.pidFile)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`mosquitto did not start: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    ...files,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
