/** PostgreSQL LISTEN/NOTIFY channels shared by the gateway, the admin tools and live updates. */
export const liveChannel = 'sbo_device';
/** Hardware registered or re-keyed: instances that keep Mosquitto's password file rewrite it. */
export const hardwareChannel = 'sbo_hardware';
/** A session, user or membership changed (migration 0014's triggers): api instances forget cached session checks. */
export const sessionChannel = 'sbo_session';
/** A notification reached members' inboxes: instances push it to those members' open streams. */
export const notificationChannel = 'sbo_notification';
/** Rows a cached answer reads changed (migration 0022's triggers): the merchants touched, comma-separated, or `*`. */
export const answersChannel = 'sbo_answers';
