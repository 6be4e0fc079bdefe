/**
 * Where mails and texts go: the SMTP server and SMS API of the configuration, or the outboxes
 * (tables and DATA_DIR/outbox) when none is set. One of each per database.
 */
import path from 'node:path';
import type { Db } from '../../../server/db/client.ts';
import { config } from '../../../server/config.ts';
import { createMailer, type Mailer } from './mail.server.ts';
import { createSmsSender, type SmsSender } from './sms.server.ts';

export interface Delivery {
  mailer: Mailer;
  sms: SmsSender;
}

const byDb = new WeakMap<Db, Delivery>();

const log = (line: string) => {
  if (config().LOG_LEVEL !== 'silent') console.info(`[accounts] ${line}`);
};

export function delivery(db: Db): Delivery {
  let d = byDb.get(db);
  if (!d) {
    const c = config();
    const outboxDir = path.join(c.dataDir, 'outbox');
    d = {
      mailer: createMailer({ smtpUrl: c.SMTP_URL, from: c.MAIL_FROM, db, outboxDir, log }),
      sms: createSmsSender({
        smsUrl: c.SMS_URL,
        accountSid: c.SMS_ACCOUNT_SID,
        authToken: c.SMS_AUTH_TOKEN,
        from: c.SMS_FROM,
        db,
        outboxDir,
        log,
      }),
    };
    byDb.set(db, d);
  }
  return d;
}

/** Sends this database's mails and texts elsewhere (tests: a local SMTP server, a fake SMS API). */
export function useDelivery(db: Db, d: Partial<Delivery>): void {
  byDb.set(db, { ...delivery(db), ...d });
}
