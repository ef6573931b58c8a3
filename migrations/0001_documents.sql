-- Up Migration

-- The leads store's documents (leads, visit slots, page-view tallies…) in Sanity's JSON shape.
-- `seq` orders every committed write: an instance's in-memory mirror catches up with
-- `WHERE seq > <last seen>`.
CREATE TABLE documents (
  id         text PRIMARY KEY,
  type       text NOT NULL,
  doc        jsonb NOT NULL,
  rev        text NOT NULL,
  seq        bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_by_seq ON documents (seq);
CREATE INDEX documents_by_type ON documents (type);

-- Ids of deleted documents (never their content), so other instances drop them from their mirror.
CREATE TABLE document_deletions (
  id  text PRIMARY KEY,
  seq bigint NOT NULL
);
CREATE INDEX document_deletions_by_seq ON document_deletions (seq);

-- One row: the last `seq` handed out. Taking it locks the row until commit, so writes commit in
-- `seq` order and a reader never skips a write that commits late.
CREATE TABLE document_log (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  seq       bigint NOT NULL
);
INSERT INTO document_log (singleton, seq) VALUES (true, 0);

-- Down Migration
DROP TABLE document_log;
DROP TABLE document_deletions;
DROP TABLE documents;
