-- Custom SQL migration file, put your code below! --
-- Every change to an account row is announced on `shop_users_changed` with the account's id, whoever
-- makes it (the shop, a script, psql): the embedded database's processes keep signed-in users in memory
-- (server/accounts/user-cache.ts) and forget one the moment its row changes.
CREATE FUNCTION users_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_users_changed', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_changed_notify();
