-- Up Migration

-- The console's lead list (web/server/console/postgres-reads.ts): each filter's own index, newest
-- first within it, so a filtered page reads only its rows. The expressions are the reads' own.
CREATE INDEX console_leads_created ON documents (((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';
CREATE INDEX console_leads_status ON documents ((coalesce(doc #>> '{status}', 'new')), ((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';
CREATE INDEX console_leads_form ON documents (((doc #>> '{formKind}')), ((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';
CREATE INDEX console_leads_visit_day ON documents ((substr(doc #>> '{visitAt}', 1, 10)), ((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';
CREATE INDEX console_leads_marketing ON documents ((coalesce((doc #> '{consent,marketing}') = 'true'::jsonb, false)), ((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';
CREATE INDEX console_leads_utm_source ON documents (((doc #>> '{utm,source}')), ((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';
CREATE INDEX console_leads_utm_campaign ON documents (((doc #>> '{utm,campaign}')), ((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';
CREATE INDEX console_leads_phone_last4 ON documents ((right(doc #>> '{phone}', 4)), ((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';
CREATE INDEX console_leads_name ON documents (((doc #>> '{name}') COLLATE "C")) WHERE type = 'lead';
CREATE INDEX console_leads_slot ON documents ((doc #>> '{visitSlot,_ref}')) WHERE type = 'lead';
CREATE INDEX visit_slots_by_date ON documents (((doc #>> '{date}') COLLATE "C")) WHERE type = 'visitSlot';

-- Down Migration
DROP INDEX visit_slots_by_date;
DROP INDEX console_leads_slot;
DROP INDEX console_leads_name;
DROP INDEX console_leads_phone_last4;
DROP INDEX console_leads_utm_campaign;
DROP INDEX console_leads_utm_source;
DROP INDEX console_leads_marketing;
DROP INDEX console_leads_visit_day;
DROP INDEX console_leads_form;
DROP INDEX console_leads_status;
DROP INDEX console_leads_created;
