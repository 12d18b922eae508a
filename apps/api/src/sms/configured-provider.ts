import type { Config } from '../config';
import { sandboxSmsProvider, type SmsProvider } from './sms-provider';
import { twilioSmsProvider } from './twilio-provider';

import type { Log } from '../lib/log';

/**
 * Twilio when its settings are there; else the sandbox when SMS_SANDBOX allows it (the demo);
 * else none, and asking for a code answers that text messages are not set up (1103009).
 */
export function configuredSmsProvider(config: Config, log: Pick<Log, 'info' | 'warn'>): SmsProvider | null {
  if (config.TWILIO_ACCOUNT_SID) {
    const apiKey = config.TWILIO_API_KEY_SID;
    return twilioSmsProvider(
      {
        apiUrl: config.TWILIO_API_URL,
        accountSid: config.TWILIO_ACCOUNT_SID,
        username: apiKey ?? config.TWILIO_ACCOUNT_SID,
        password: (apiKey ? config.TWILIO_API_KEY_SECRET : config.TWILIO_AUTH_TOKEN) ?? '',
        from: config.TWILIO_FROM,
        messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
        timeoutMs: config.SMS_TIMEOUT_MS,
      },
      log,
    );
  }
  return config.SMS_SANDBOX ? sandboxSmsProvider(log) : null;
}
