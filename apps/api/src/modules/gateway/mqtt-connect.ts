import mqtt, { type MqttClient } from 'mqtt';

/**
 * The api's own MQTT connection; it reconnects by itself and keeps TCP_NODELAY on every socket.
 * The first connection is retried for a while: a broker starting alongside the api, or one still
 * reloading the password file the api just wrote, is not a reason to fail start-up.
 * `handleMessage` is in place before CONNECT: a persistent session's queued messages may arrive
 * with the CONNACK, and MQTT.js acknowledges whatever reaches its default handler.
 */
export async function connectMqtt(options: {
  url: string;
  username: string;
  password: string;
  clientId: string;
  /** false: a persistent session, queued by the broker while the api is away. */
  clean?: boolean;
  handleMessage?: MqttClient['handleMessage'];
  attempts?: number;
}): Promise<MqttClient> {
  const settings = {
    clientId: options.clientId,
    username: options.username,
    password: options.password,
    protocolVersion: 4,
    clean: options.clean ?? true,
    keepalive: 30,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    resubscribe: true,
  } as const;
  const attempt = () =>
    new Promise<MqttClient>((resolve, reject) => {
      const client = mqtt.connect(options.url, { ...settings, reconnectPeriod: 0 });
      if (options.handleMessage) client.handleMessage = options.handleMessage;
      const fail = (error: Error) => {
        client.removeListener('connect', succeed);
        client.removeListener('error', fail);
        client.removeListener('close', closed);
        client.end(true);
        reject(error);
      };
      const closed = () => fail(new Error("Couldn't connect to the broker"));
      const succeed = () => {
        client.removeListener('error', fail);
        client.removeListener('close', closed);
        resolve(client);
      };
      client.once('connect', succeed);
      client.once('error', fail);
      client.once('close', closed);
    });
  let client: MqttClient | null = null;
  for (let tries = 1; !client; tries += 1) {
    try {
      client = await attempt();
    } catch (error) {
      if (tries >= (options.attempts ?? 20)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  // Connected: from now on MQTT.js reconnects by itself.
  client.options.reconnectPeriod = settings.reconnectPeriod;
  const noDelay = () => {
    const stream: unknown = client.stream;
    if (stream && typeof stream === 'object' && 'setNoDelay' in stream && typeof stream.setNoDelay === 'function')
      stream.setNoDelay(true);
  };
  noDelay();
  client.on('connect', noDelay);
  return client;
}
