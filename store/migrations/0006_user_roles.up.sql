-- Roles (README "Users and roles"): one owner per account, any number of planners and viewers.
-- The role replaces the owner flag, so the two can never disagree.
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'planner' CHECK (role IN ('owner', 'planner', 'viewer'));
UPDATE users SET role = 'owner' WHERE is_owner;
DROP INDEX users_one_owner;
ALTER TABLE users DROP COLUMN is_owner;
CREATE UNIQUE INDEX users_one_owner ON users(account) WHERE role = 'owner';
