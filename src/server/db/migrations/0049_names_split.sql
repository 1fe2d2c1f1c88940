-- Custom SQL migration file, put your code below! --
-- Checkout asked for «Имя и фамилия» in one field and stored it whole as the first name (issue 36, item 8);
-- it now asks for each. Accounts left with a first name of several words and no last name are split at the
-- first space, in the order that field asked for (staff accounts are named in the back office, and left): «Айгуль Садыкова» → «Айгуль», «Садыкова».
UPDATE "users"
SET "first_name" = split_part(btrim("first_name"), ' ', 1),
    "last_name" = btrim(substr(btrim("first_name"), strpos(btrim("first_name"), ' ') + 1)),
    "updated_at" = now()
WHERE "last_name" = '' AND "deleted_at" IS NULL AND NOT "is_staff" AND strpos(btrim("first_name"), ' ') > 0;
