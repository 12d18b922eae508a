// Ages a product started by lib/product.mjs: a history of sales and notifications, as months of use leave.

/**
 * Gives the demo a history: its 90 days of sales copied back `quarters` times (a quarter further each),
 * and its notifications copied over the last 60 days to `notifications` events, in the same members'
 * inboxes (four in five read). Returns what the database holds then.
 */
export async function age(client, { quarters = 8, notifications = 600 } = {}) {
  await client.query('begin');
  const columns = `merchant_id, device_id, place_id, machine_type, pay_gateway, status, currency, total, reward, balance,
    encore, refund, collected, fee, order_info, purpose, promotion_discount`;
  for (let quarter = 1; quarter <= quarters; quarter += 1) {
    await client.query(
      `insert into transactions (${columns}, created_at, expect_posting_at, posted_at)
       select ${columns}, created_at - make_interval(days => 90 * $1), expect_posting_at - make_interval(days => 90 * $1),
              posted_at - make_interval(days => 90 * $1)
         from transactions where created_at > now() - interval '90 days' and purpose = 'sale'`,
      [quarter],
    );
  }
  const existing = Number((await client.query('select count(*) from notification_events')).rows[0].count);
  const copies = Math.max(0, Math.ceil((notifications - existing) / Math.max(1, existing)));
  if (existing > 0 && copies > 0) {
    await client.query(
      `with copies as (
         insert into notification_events (merchant_id, device_id, place_id, kind, code, params, dedupe_key, occurred_at, created_at)
         select e.merchant_id, e.device_id, e.place_id, e.kind, e.code, e.params, e.dedupe_key || ':aged:' || n,
                now() - make_interval(secs => (random() * 60 * 86400)::int), now()
           from notification_events e, generate_series(1, $1::int) n
         returning id, merchant_id, split_part(dedupe_key, ':aged:', 1) as original
       )
       insert into notification_inbox (event_id, user_id, merchant_id, critical, in_app, read_at, created_at)
       select c.id, i.user_id, c.merchant_id, i.critical, i.in_app, case when random() < 0.8 then now() end, now()
         from copies c
         join notification_events e on e.merchant_id = c.merchant_id and e.dedupe_key = c.original
         join notification_inbox i on i.event_id = e.id`,
      [copies],
    );
  }
  await client.query('commit');
  const count = async (sql) => Number((await client.query(sql)).rows[0].count);
  return {
    sales: await count(`select count(*) from transactions`),
    oldestSaleDaysAgo: await count(`select extract(day from now() - min(created_at))::int as count from transactions`),
    notificationEvents: await count('select count(*) from notification_events'),
    inboxRows: await count('select count(*) from notification_inbox'),
  };
}
