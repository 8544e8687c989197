-- context (locked)
select "submission"."id", "submission"."collection_id", "submission"."reporting_period_id", "submission"."organisation_id", "submission"."form_id", "submission"."status", "submission"."current_revision_id", "submission"."official_revision_id", "submission"."locked_by", "submission"."locked_on", "submission"."lock_expires_at", "submission"."submitted_by", "submission"."submitted_at", "submission"."nhsi_authorised_by", "submission"."nhsi_authorised_at", "submission"."returned_by", "submission"."returned_at", "submission"."returned_reason", "submission"."reopened_until", "submission"."lock_token", "submission"."released_lock_tokens", "submission"."sent_for_signoff_by", "submission"."sent_for_signoff_at", "submission"."sent_back_by", "submission"."sent_back_at", "submission"."sent_back_reason", "reporting_period"."id" as "period_id", "reporting_period"."name" as "period_name", "reporting_period"."start", "reporting_period"."end", "reporting_period"."form_id" as "period_form_id", "reporting_period"."submissions_open", "reporting_period"."submissions_close", "reporting_period"."submissions_reopen", "reporting_period"."submissions_reclose", "reporting_period"."if_submission_reopens", "collection"."id" as "collection_id", "collection"."name" as "collection_name", "collection"."status" as "collection_status", "organisation"."id" as "organisation_id", "organisation"."name" as "organisation_name", "organisation"."code" as "organisation_code", "collection_organisation"."is_trust_authorisation_required", "collection_organisation"."is_nhsi_authorisation_required", form.xmin::text as "form_row_version", (select coalesce(u.name, u.email)
  from app_user u
  where u.id = "submission"."sent_for_signoff_by") as "sent_for_signoff_name", (select coalesce(u.name, u.email)
  from app_user u
  where u.id = "submission"."sent_back_by") as "sent_back_name", case when $1::boolean then ( with current_return as (select rp.collection_id, s.organisation_id, rp.start
  from submission s join reporting_period rp on rp.id = s.reporting_period_id
  where s.id = "submission"."id"), previous_period as (
  select rp.id, rp.name
  from reporting_period rp join current_return c on rp.collection_id = c.collection_id
  and rp.start < c.start
  order by rp.start desc, rp."end" desc limit 1 ), own as (
  select o.name, o.official_revision_id
  from current_return c cross join lateral (
  select rp.name, s.official_revision_id
  from reporting_period rp join submission s on s.reporting_period_id = rp.id
  and s.organisation_id = c.organisation_id
  where rp.collection_id = c.collection_id
  and rp.start < c.start
  and s.official_revision_id is not null
  order by rp.start desc, rp."end" desc limit 1 ) o )
  select concat(pp.id, '/', pp.name, '/', ps.computed_at, '/', (select official_revision_id
  from own), '/', (select name
  from own))
  from (select 1) one
  left join previous_period pp on true
  left join period_statistics ps on ps.reporting_period_id = pp.id) end as "rule_inputs_stamp"
  from "submission"
  inner join "reporting_period" on "reporting_period"."id" = "submission"."reporting_period_id"
  inner join "collection" on "collection"."id" = "submission"."collection_id"
  inner join "collection_organisation" on "collection_organisation"."collection_id" = "submission"."collection_id"
  and "collection_organisation"."organisation_id" = "submission"."organisation_id"
  inner join "organisation" on "organisation"."id" = "submission"."organisation_id"
  inner join "form" on "form"."id" = "submission"."form_id"
  where "submission"."id" = $2
  for update of submission;

-- draft: revision (submissionId, status, content, completedPages, createdBy), submission (status, lockExpiresAt, updatedAt), audit (userId, action, entityType, entityId, collectionId, organisationId, before, after, requestId)
with "rev" as (insert into "submission_revision" ("submission_id", "status", "content", "completed_pages", "created_by")
  values ($1, $2, $3, $4, $5)
  returning "id", "created_at"), "sub" as (update "submission"
  set "status" = $6, "lock_expires_at" = $7, "updated_at" = $8, "current_revision_id" = (select id
  from rev)
  where "id" = $9
  returning "submission"."id"), "aud" as (insert into "audit_log" ("user_id", "action", "entity_type", "entity_id", "collection_id", "organisation_id", "before", "after", "request_id")
  values ($10, $11, $12, $13, $14, $15, $16, $17::jsonb || jsonb_build_object('currentRevisionId', (select id
  from rev)), $18)
  returning "audit_log"."id")
  select "rev"."id", "rev"."created_at"
  from "rev";

-- submit: revision (submissionId, status, content, completedPages, createdBy, declaration, declaredBy, declaredAt), submission (status, lockExpiresAt, updatedAt, submittedBy, submittedAt, nhsiAuthorisedBy, nhsiAuthorisedAt, returnedBy, returnedAt, returnedReason, officialWarnings), audit (userId, action, entityType, entityId, collectionId, organisationId, before, after, requestId)
with "rev" as (insert into "submission_revision" ("submission_id", "status", "content", "completed_pages", "created_by", "declaration", "declared_by", "declared_at")
  values ($1, $2, $3, $4, $5, $6, $7, $8)
  returning "id", "created_at"), "sub" as (update "submission"
  set "status" = $9, "lock_expires_at" = $10, "updated_at" = $11, "submitted_by" = $12, "submitted_at" = $13, "nhsi_authorised_by" = $14, "nhsi_authorised_at" = $15, "returned_by" = $16, "returned_at" = $17, "returned_reason" = $18, "official_warnings" = $19, "current_revision_id" = (select id
  from rev), "official_revision_id" = (select id
  from rev)
  where "id" = $20
  returning "submission"."id"), "aud" as (insert into "audit_log" ("user_id", "action", "entity_type", "entity_id", "collection_id", "organisation_id", "before", "after", "request_id")
  values ($21, $22, $23, $24, $25, $26, $27, $28::jsonb || jsonb_build_object('currentRevisionId', (select id
  from rev)), $29)
  returning "audit_log"."id")
  select "rev"."id", "rev"."created_at"
  from "rev";
