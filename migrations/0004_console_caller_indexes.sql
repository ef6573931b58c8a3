-- Up Migration

-- The console's caller search and filters added after 0003 (web/server/console/postgres-reads.ts):
-- a whole phone number, the campaign whatever its case, and the 담당자 (nobody = '').
DROP INDEX console_leads_utm_campaign;
CREATE INDEX console_leads_utm_campaign_ci ON documents ((lower(doc #>> '{utm,campaign}')), ((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';
CREATE INDEX console_leads_phone ON documents (((doc #>> '{phone}')), ((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';
CREATE INDEX console_leads_assignee ON documents ((coalesce(doc #>> '{assignee,email}', '')), ((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';

-- Down Migration
DROP INDEX console_leads_assignee;
DROP INDEX console_leads_phone;
DROP INDEX console_leads_utm_campaign_ci;
CREATE INDEX console_leads_utm_campaign ON documents (((doc #>> '{utm,campaign}')), ((doc #>> '{createdAt}') COLLATE "C"), (id COLLATE "C")) WHERE type = 'lead';
