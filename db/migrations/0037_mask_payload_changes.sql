-- Masks the secrets inside the whole objects and arrays of the corrections on the timeline (payload_changes'
-- before and after), as domain/payload-patch.ts's maskSecrets does for the entries it writes: the same words
-- of a field's name (camelCase, snake_case, kebab-case), compared whole, singular or plural. The functions serve this statement
-- only and are dropped after it.
CREATE FUNCTION "migration_0037_is_secret_field"(name text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  WITH words AS (
    SELECT lower(word) AS word, regexp_replace(lower(word), 's$', '') AS singular, position
    FROM unnest(array_remove(
      regexp_split_to_array(regexp_replace(name, '([a-z0-9])([A-Z])', '\1 \2', 'g'), '[^A-Za-z0-9]+'),
      ''
    )) WITH ORDINALITY AS w(word, position)
  )
  SELECT EXISTS (
    SELECT 1
    FROM words w
    LEFT JOIN words previous ON previous.position = w.position - 1
    WHERE (w.word IN ('password', 'passwd', 'pwd', 'passphrase', 'secret', 'token', 'apikey', 'authorization',
                     'auth', 'credential', 'credentials', 'cookie', 'pin', 'cvv', 'cvc', 'iban', 'ssn',
                     'privatekey', 'signature') OR w.singular IN ('password', 'passwd', 'pwd', 'passphrase',
                     'secret', 'token', 'apikey', 'authorization', 'auth', 'credential', 'cookie', 'pin', 'cvv',
                     'cvc', 'iban', 'ssn', 'privatekey', 'signature'))
       OR previous.word || ' ' || w.singular IN ('api key', 'private key', 'access key', 'card number',
                                                 'account number')
  )
$$;--> statement-breakpoint
CREATE FUNCTION "migration_0037_mask_secrets"(value jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  CASE jsonb_typeof(value)
    WHEN 'array' THEN
      RETURN (
        SELECT coalesce(jsonb_agg("migration_0037_mask_secrets"(element) ORDER BY position), '[]'::jsonb)
        FROM jsonb_array_elements(value) WITH ORDINALITY AS a(element, position)
      );
    WHEN 'object' THEN
      RETURN (
        SELECT coalesce(
          jsonb_object_agg(key, CASE WHEN "migration_0037_is_secret_field"(key) THEN '"[masked]"'::jsonb
                                     ELSE "migration_0037_mask_secrets"(member) END),
          '{}'::jsonb)
        FROM jsonb_each(value) AS o(key, member)
      );
    ELSE
      RETURN value;
  END CASE;
END
$$;--> statement-breakpoint
UPDATE "incident_events" e
SET "payload_changes" = masked.changes
FROM (
  SELECT id, (
    SELECT jsonb_agg(
      CASE WHEN jsonb_typeof(change) <> 'object' THEN change
           ELSE change
             || CASE WHEN change ? 'before'
                     THEN jsonb_build_object('before', "migration_0037_mask_secrets"(change -> 'before'))
                     ELSE '{}'::jsonb END
             || CASE WHEN change ? 'after'
                     THEN jsonb_build_object('after', "migration_0037_mask_secrets"(change -> 'after'))
                     ELSE '{}'::jsonb END
      END ORDER BY position)
    FROM jsonb_array_elements("payload_changes") WITH ORDINALITY AS c(change, position)
  ) AS changes
  FROM "incident_events"
  WHERE jsonb_typeof("payload_changes") = 'array'
) masked
WHERE e.id = masked.id AND masked.changes IS NOT NULL AND masked.changes <> e."payload_changes";--> statement-breakpoint
DROP FUNCTION "migration_0037_mask_secrets"(jsonb);--> statement-breakpoint
DROP FUNCTION "migration_0037_is_secret_field"(text);
