import { expect, it } from 'vitest';
import { describeApi, signedIn } from './support/harness.ts';
import { bindNewShop, createTask, grantPlan, taskBody } from './support/sending.ts';
import { seedTalents } from './support/talents.ts';

/**
 * The records' writes keep their plan when the statistics are stale. The usual state of a
 * busy account: the table was last analyzed when its records were finished, then tasks
 * added thousands of pending ones (fewer than autovacuum's 10 % that would analyze it
 * again). An index whose predicate is "status is open" then looks empty to the planner,
 * which walked all of it for every by-id write of an outcome (issue 18's bench: tens of
 * ms per statement, the pool exhausted). Each statement below must reach its rows by the
 * primary key or the task, never by walking the open records.
 */
describeApi('send records: plans under stale statistics', (h) => {
  it('reaches records by id and by task, not by walking every open record', async () => {
    const account = await signedIn(h());
    await grantPlan(h(), account.tokens.user.id, 'enterprise');
    const shop = await bindNewShop(h(), account.token, { shopName: '计划店' });
    const [talent] = await seedTalents(h(), account.tokens.user.id, [
      { name: '达人', platformTalentId: 'dy_plan' },
    ]);
    const { taskId } = await createTask(
      h(),
      account.token,
      taskBody(shop.id, { talentIds: [talent!.id] }),
    );
    const db = h().database.handle;
    const copies = (status: string, count: number) =>
      db.query(
        `insert into send_records (user_id, task_id, shop_id, shop_name, talent_id, talent_name,
           platform, platform_talent_id, task_type, content_type, filter_type, set_name, message,
           status, channel)
         select user_id, task_id, shop_id, shop_name, talent_id, talent_name, platform,
           platform_talent_id || g, task_type, content_type, filter_type, set_name, message, $1,
           channel
         from (select * from send_records where task_id = $2 limit 1) r, generate_series(1, ${count}) g`,
        [status, taskId],
      );
    await copies('success', 20_000);
    // Analyzed when every record was finished, as after the account's last tasks ran.
    await db.query(`update send_records set status = 'success' where task_id = $1`, [taskId]);
    await db.query('analyze send_records');
    await copies('pending', 5_000);

    const [one] = await db.query<{ id: number }>(
      `select id from send_records where task_id = $1 and status = 'pending' limit 1`,
      [taskId],
    );
    const plans = {
      'an outcome written by id': [
        `update send_records set status = 'success' where id in ($1) and status in ('pending', 'running')`,
        [one!.id],
      ],
      'records started by id': [
        `update send_records set status = 'running' where id = any($1::bigint[]) and status = 'pending'`,
        [[one!.id]],
      ],
      'whether the task has open records': [
        `select id from send_records where task_id = $1 and status in ('pending', 'running') limit 1`,
        [taskId],
      ],
    } as const;
    for (const [what, [statement, params]] of Object.entries(plans)) {
      const [row] = await db.query<{ 'QUERY PLAN': unknown }>(
        `explain (format json) ${statement}`,
        [...params],
      );
      const plan = JSON.stringify(row!['QUERY PLAN']);
      const indexes = [...plan.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]);
      expect({ what, indexes }).toEqual({
        what,
        indexes: [what.includes('task') ? 'send_records_task_status_idx' : 'send_records_pkey'],
      });
    }
  });
  it("reaches a talent's records by its talent id, not by walking the account's records", async () => {
    const account = await signedIn(h());
    await grantPlan(h(), account.tokens.user.id, 'enterprise');
    const shop = await bindNewShop(h(), account.token, { shopName: '达人店' });
    const [talent] = await seedTalents(h(), account.tokens.user.id, [
      { name: '达人', platformTalentId: 'dy_talent_plan' },
    ]);
    const { taskId } = await createTask(
      h(),
      account.token,
      taskBody(shop.id, { talentIds: [talent!.id] }),
    );
    const db = h().database.handle;
    // An account of 1,000 talents with 40 records each (a third with a target collaboration).
    const talents = 1_000;
    const columns = (
      await db.query<{ c: string }>(
        `select column_name as c from information_schema.columns
          where table_schema = current_schema() and table_name = 'talents'
            and column_name not in ('id', 'platform_talent_id')
            and is_generated = 'NEVER' and is_identity = 'NO'`,
      )
    )
      .map((row) => `"${row.c}"`)
      .join(', ');
    await db.query(
      `insert into talents (${columns}, platform_talent_id)
       select ${columns}, platform_talent_id || g from talents t, generate_series(1, ${talents}) g
        where t.id = $1`,
      [talent!.id],
    );
    await db.query(
      `insert into send_records (user_id, task_id, shop_id, shop_name, talent_id, talent_name,
         platform, platform_talent_id, task_type, content_type, filter_type, set_name, message,
         status, channel, platform_reference)
       select user_id, task_id, shop_id, shop_name, $2::bigint + g % ${talents}, talent_name,
         platform, platform_talent_id || g % ${talents}, task_type, content_type, filter_type,
         set_name, message, 'success', channel,
         case when g % 3 = 0 then jsonb_build_object('targetCollaborationId', 'c' || g) end
       from (select * from send_records where task_id = $1 limit 1) r,
            generate_series(1, ${talents * 40}) g`,
      [taskId, talent!.id],
    );
    await db.query('analyze send_records');
    // collaborationsOfTalent (conversations' cards), in all the account's shops and in one.
    const statement = (inShop: boolean) =>
      `select shop_id, id, task_id, platform_reference ->> 'targetCollaborationId', created_at
         from send_records
        where user_id = $1 and talent_id = $2 ${inShop ? 'and shop_id = $3' : ''}
          and status = 'success' and (platform_reference ->> 'targetCollaborationId') is not null
        order by created_at desc, id desc limit 50`;
    for (const inShop of [false, true]) {
      const params = [account.tokens.user.id, talent!.id + 17, ...(inShop ? [shop.id] : [])];
      const [row] = await db.query<{ 'QUERY PLAN': unknown }>(
        `explain (format json) ${statement(inShop)}`,
        params,
      );
      const plan = JSON.stringify(row!['QUERY PLAN']);
      const indexes = [...plan.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]);
      expect({ inShop, indexes, seqScan: plan.includes('Seq Scan') }).toEqual({
        inShop,
        indexes: ['send_records_talent_idx'],
        seqScan: false,
      });
    }
  });
});
