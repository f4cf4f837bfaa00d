import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Business access (docs/decisions/0051-business-access.md). A business is a user account of type
 * business (users.is_partner); these tables hold who works for it (members), which businesses it
 * works with (partners), what it owns (assets: ad accounts, profiles, asset groups), who may do
 * what on each asset (grants, the one table the permission check reads), invites and requests
 * with their expiry, its child businesses, and its History: rows only ever added.
 */
export function businesses(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('business_members')
        .addColumn('business_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('business_members_pk', ['business_id', 'user_id'])
        .execute();
      // A person's employers (GET /v5/businesses/employers, the permission check).
      await db.schema.createIndex('business_members_user').on('business_members').columns(['user_id', 'business_id']).execute();

      await db.schema
        .createTable('business_partners')
        .addColumn('business_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('partner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('business_partners_pk', ['business_id', 'partner_id'])
        .execute();

      await db.schema
        .createTable('business_assets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('country', 'text')
        .addColumn('currency', 'text')
        .addColumn('profile_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('group_types', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('business_assets_business').on('business_assets').columns(['business_id', 'kind', 'id']).execute();

      await db.schema
        .createTable('asset_group_assets')
        .addColumn('group_id', 'text', (c) => c.notNull().references('business_assets.id').onDelete('cascade'))
        .addColumn('asset_id', 'text', (c) => c.notNull().references('business_assets.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('asset_group_assets_pk', ['group_id', 'asset_id'])
        .execute();
      await db.schema.createIndex('asset_group_assets_asset').on('asset_group_assets').columns(['asset_id']).execute();

      // Who may do what on an asset: a member (a user) or a partner (a business), with permissions as a JSON list.
      await db.schema
        .createTable('asset_grants')
        .addColumn('asset_id', 'text', (c) => c.notNull().references('business_assets.id').onDelete('cascade'))
        .addColumn('grantee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('grantee_kind', 'text', (c) => c.notNull())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('permissions', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('asset_grants_pk', ['asset_id', 'grantee_id'])
        .execute();
      await db.schema.createIndex('asset_grants_grantee').on('asset_grants').columns(['grantee_id', 'business_id']).execute();

      await db.schema
        .createTable('business_invites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('invitee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('asset_permissions', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('business_invites_business').on('business_invites').columns(['business_id', 'status', 'id']).execute();
      await db.schema.createIndex('business_invites_invitee').on('business_invites').columns(['invitee_id', 'status']).execute();

      await db.schema
        .createTable('business_children')
        .addColumn('parent_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('child_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('business_children_pk', ['parent_id', 'child_id'])
        .execute();
      await db.schema.createIndex('business_children_child').on('business_children').columns(['child_id']).execute();

      // History outlives its subjects: no foreign keys, so removing a member keeps what they did.
      await db.schema
        .createTable('business_history')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('business_history_business').on('business_history').columns(['business_id', 'created_at', 'id']).execute();
    },
  };
}
