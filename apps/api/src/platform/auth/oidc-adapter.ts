import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/database';

/**
 * oidc-provider's storage in the application database (table `oidc_payload`), so every API instance
 * sees the same interactions, codes, grants and provider sessions. Expired rows are ignored on read and
 * swept now and then on write.
 */
export class DatabaseOidcAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
      userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insertInto('oidcPayload')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['model', 'id']).doUpdateSet({
          payload: row.payload,
          grantId: row.grantId,
          userCode: row.userCode,
          uid: row.uid,
          expiresAt: row.expiresAt,
        }),
      )
      .execute();
    if (Math.random() < 0.02) await sweepExpired(this.db);
  }

  find(id: string) {
    return this.findBy('id', id);
  }
  findByUid(uid: string) {
    return this.findBy('uid', uid);
  }
  findByUserCode(userCode: string) {
    return this.findBy('userCode', userCode);
  }

  private async findBy(column: 'id' | 'uid' | 'userCode', value: string) {
    const row = await this.db
      .selectFrom('oidcPayload')
      // As text: the CamelCasePlugin would otherwise rename the payload's own keys (client_id).
      .select([sql<string>`payload::text`.as('payload'), 'consumedAt'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', new Date())]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidcPayload')
      .set({ consumedAt: new Date() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidcPayload').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidcPayload').where('grantId', '=', grantId).execute();
  }
}

export async function sweepExpired(db: Db): Promise<void> {
  await db.deleteFrom('oidcPayload').where('expiresAt', '<', new Date()).execute();
}
