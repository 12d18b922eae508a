/** PostgreSQL LISTEN/NOTIFY channels shared by the gateway, the admin tools and live updates. */
export const liveChannel = 'sbo_device';
/** Hardware registered or re-keyed: instances that keep Mosquitto's password file rewrite it. */
export const hardwareChannel = 'sbo_hardware';
