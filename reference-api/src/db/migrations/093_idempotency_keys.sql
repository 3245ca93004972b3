-- Idempotency keys of the create operations (the contract's `Idempotency-Key` header; core/idempotency.ts).
-- One row per (caller, operation, key): the first request reserves it (status NULL while it runs), then stores
-- its answer (2xx only; a refused request deletes its row so a corrected one may reuse the key). The primary
-- key makes concurrent first uses of one key race on the insert: exactly one of them executes.
-- Rows expire 24 hours after their first use and are purged by the server.
CREATE TABLE idempotency_keys (
  caller_id      text        NOT NULL,
  operation_id   text        NOT NULL,
  idem_key       text        NOT NULL,
  request_hash   text        NOT NULL,
  status         integer,
  content_type   text,
  response_body  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL DEFAULT now() + interval '24 hours',
  PRIMARY KEY (caller_id, operation_id, idem_key)
);
CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at);
