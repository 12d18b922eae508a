// A bench's own fleet in the database (registered controllers with secrets the bench knows) and
// the report-to-database latency of what it reports, shared by device-ingest.mjs,
// several-instances.mjs and fleet-cluster.mjs. `query(text, params)` resolves to the rows.
import { randomBytes } from 'node:crypto';

/** The kinds and models of a mixed fleet (a laundry's washers and dryers and a few others). */
export const mixedKinds = [
  ['washer', 'AB3'],
  ['washer', 'AB2'],
  ['washer', 'AY'],
  ['washer', 'AB3'],
  ['dryer', 'AB3'],
  ['dryer', 'AY'],
  ['washerDryer', 'AB3'],
  ['carWash', 'CW1'],
  ['vending', 'VM1'],
  ['waterStation', 'WS1'],
  ['coinChanger', 'MC1'],
];
const machineType = { washer: 1, dryer: 2, washerDryer: 3, waterStation: 5, carWash: 6, coinChanger: 8, vending: 10 };

/**
 * `count` cloud devices of a merchant (a new one, "Bench Laundry", unless `merchantId`), each bound
 * to registered hardware `<prefix>00001`... with a random secret: `hash(secret)` is stored as the api
 * checks it, and with `brokerHash` (apps/api/src/lib/device-secret.ts's mosquittoHash) the PBKDF2 hash
 * the api writes into Mosquitto's password file. Kinds cycle through `kinds`; `productId` binds
 * every device to a product. Resolves to the fleet ([{ hwid, kind, model, secret, deviceId }]).
 */
export async function registerFleet(
  query,
  { count, hash, brokerHash, merchantId, prefix = 'BENCH', kinds = mixedKinds, productId = null },
) {
  if (count === 0) return [];
  merchantId ??= (
    await query(
      `insert into merchants (company_name, country, currency, timezone)
       values ('Bench Laundry', 'TW', 'TWD', 'Asia/Taipei') returning id`,
    )
  )[0].id;
  const fleet = Array.from({ length: count }, (_, i) => {
    const [kind, model] = kinds[i % kinds.length];
    const hwid = `${prefix}${String(i + 1).padStart(5, '0')}`;
    return { hwid, kind, model, secret: randomBytes(24).toString('base64url') };
  });
  const ids = await query(
    `insert into devices (merchant_id, name, serial_num, machine_type, model, product_id)
     select $1, 'Bench ' || h, 'SN-' || h, t, m, $5 from unnest($2::text[], $3::int[], $4::text[]) with ordinality as u(h, t, m, n)
     order by n returning id`,
    [merchantId, fleet.map((d) => d.hwid), fleet.map((d) => machineType[d.kind]), fleet.map((d) => d.model), productId],
  );
  await query(
    `insert into device_hardware (hwid, model, secret_hash, broker_hash, device_id, bound_at)
     select h, m, s, b, d, now() from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[]) as u(h, m, s, b, d)`,
    [
      fleet.map((d) => d.hwid),
      fleet.map((d) => d.model),
      fleet.map((d) => hash(d.secret)),
      fleet.map((d) => (brokerHash ? brokerHash(d.secret) : null)),
      ids.map((r) => r.id),
    ],
  );
  return fleet.map((d, i) => ({ ...d, deviceId: ids[i].id }));
}

/**
 * Report-to-database latency: each call resolves to the latencies (ms, a row's `report_updated_at`
 * less the report's own `sentAt`) of the state rows first seen since the last call. A row is stamped
 * with its statement's now() but becomes visible at its batch's commit, which may be seconds later
 * under load: each call reads the rows stamped in the last `windowSeconds` and keeps those not yet
 * seen (by machine and `sentAt`), so a late commit is counted, once, rather than missed. With
 * `hwids`, only those machines' rows are read, by primary key: a scan of the whole table each
 * second falls behind at thousands of machines.
 */
export function reportSampler({ windowSeconds = 10, hwids = null } = {}) {
  const seen = new Map();
  return async (query) => {
    const rows = await query(
      `select hwid, report->>'sentAt' as sent, extract(epoch from report_updated_at) * 1000 - (report->>'sentAt')::bigint as ms
         from device_state
        where report_updated_at > now() - make_interval(secs => $1) and report ? 'sentAt'
          and ($2::text[] is null or hwid = any($2::text[]))`,
      [windowSeconds, hwids],
    );
    const now = Date.now();
    const fresh = [];
    for (const row of rows) {
      const key = `${row.hwid} ${row.sent}`;
      if (seen.has(key)) continue;
      seen.set(key, now);
      fresh.push(Number(row.ms));
    }
    // Forgotten well after the window has passed them (the Map keeps the order they were seen in).
    for (const [key, at] of seen) {
      if (now - at < (windowSeconds + 20) * 1000) break;
      seen.delete(key);
    }
    return fresh;
  };
}
