-- Announces every change that can alter who a credential authenticates as, or with which permissions, on
-- the channel bpm_auth_changed: each server process forgets what it remembered about credentials
-- (server/auth/auth-cache.ts) when it hears it. Triggers rather than application code, so that a change
-- made by any writer (another process, psql, a script) is heard too. NOTIFY is delivered on commit and
-- repeated notifications of one transaction are folded into one.
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bpm_auth_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new user or token has nothing remembered; an update of any user column might be enabled,
-- permissions, username or token_version.
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_truncated_auth_changed AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER groups_auth_changed AFTER UPDATE OF permissions OR DELETE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER groups_truncated_auth_changed AFTER TRUNCATE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_groups_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_groups
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_groups_truncated_auth_changed AFTER TRUNCATE ON user_groups
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
-- last_used_at, written once a minute per token in use, changes nothing that authentication depends on.
CREATE TRIGGER api_tokens_auth_changed
  AFTER UPDATE OF user_id, token_hash, user_token_version, expires_at OR DELETE ON api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER api_tokens_truncated_auth_changed AFTER TRUNCATE ON api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
