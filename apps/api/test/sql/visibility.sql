-- collections (collectionVisible): administrator (everything)
-- parameters: []
select count(*) as "n"
  from "collection"
  where true;

-- collections (collectionVisible): collection or submission manager of collections 7 and 9
-- parameters: [7,9]
select count(*) as "n"
  from "collection"
  where ("collection"."id" in ($1, $2)
  or exists (select 1
  from collection vc
  where vc.id = "collection"."id"
  and vc.status = 'published'
  and (false
  or false)));

-- collections (collectionVisible): clerk or authoriser of organisation 101 in collection 7 and 102 in collection 9
-- parameters: [7,9]
select count(*) as "n"
  from "collection"
  where (false
  or exists (select 1
  from collection vc
  where vc.id = "collection"."id"
  and vc.status = 'published'
  and (vc.id in ($1, $2)
  or false)));

-- collections (collectionVisible): management-organisation (NHSI) user
-- parameters: []
select count(*) as "n"
  from "collection"
  where (false
  or exists (select 1
  from collection vc
  where vc.id = "collection"."id"
  and vc.status = 'published'
  and (false
  or exists (select 1
  from collection_organisation vco
  where vco.collection_id = vc.id
  and vco.is_nhsi_authorisation_required ))));

-- collections (collectionVisible): user with no role
-- parameters: []
select count(*) as "n"
  from "collection"
  where (false
  or exists (select 1
  from collection vc
  where vc.id = "collection"."id"
  and vc.status = 'published'
  and (false
  or false)));

-- recipients (returnVisible): administrator (everything)
-- parameters: []
select count(*) as "n"
  from "collection_organisation"
  where true;

-- recipients (returnVisible): collection or submission manager of collections 7 and 9
-- parameters: [7,9]
select count(*) as "n"
  from "collection_organisation"
  where ("collection_organisation"."collection_id" in ($1, $2)
  or exists (select 1
  from collection vc
  where vc.id = "collection_organisation"."collection_id"
  and vc.status = 'published'
  and (false
  or false)));

-- recipients (returnVisible): clerk or authoriser of organisation 101 in collection 7 and 102 in collection 9
-- parameters: [7,101,9,102]
select count(*) as "n"
  from "collection_organisation"
  where (false
  or exists (select 1
  from collection vc
  where vc.id = "collection_organisation"."collection_id"
  and vc.status = 'published'
  and ((vc.id, "collection_organisation"."organisation_id") in (($1::integer, $2::integer), ($3::integer, $4::integer))
  or false)));

-- recipients (returnVisible): management-organisation (NHSI) user
-- parameters: []
select count(*) as "n"
  from "collection_organisation"
  where (false
  or exists (select 1
  from collection vc
  where vc.id = "collection_organisation"."collection_id"
  and vc.status = 'published'
  and (false
  or (exists (select 1
  from collection_organisation vco
  where vco.collection_id = vc.id
  and vco.is_nhsi_authorisation_required
  and vco.organisation_id = "collection_organisation"."organisation_id")
  and true))));

-- recipients (returnVisible): user with no role
-- parameters: []
select count(*) as "n"
  from "collection_organisation"
  where (false
  or exists (select 1
  from collection vc
  where vc.id = "collection_organisation"."collection_id"
  and vc.status = 'published'
  and (false
  or false)));

-- returns (submissionVisible): administrator (everything)
-- parameters: []
select count(*) as "n"
  from "submission"
  where true;

-- returns (submissionVisible): collection or submission manager of collections 7 and 9
-- parameters: [7,9]
select count(*) as "n"
  from "submission"
  where ("submission"."collection_id" in ($1, $2)
  or exists (select 1
  from collection vc
  where vc.id = "submission"."collection_id"
  and vc.status = 'published'
  and (false
  or false)));

-- returns (submissionVisible): clerk or authoriser of organisation 101 in collection 7 and 102 in collection 9
-- parameters: [7,101,9,102]
select count(*) as "n"
  from "submission"
  where (false
  or exists (select 1
  from collection vc
  where vc.id = "submission"."collection_id"
  and vc.status = 'published'
  and ((vc.id, "submission"."organisation_id") in (($1::integer, $2::integer), ($3::integer, $4::integer))
  or false)));

-- returns (submissionVisible): management-organisation (NHSI) user
-- parameters: []
select count(*) as "n"
  from "submission"
  where (false
  or exists (select 1
  from collection vc
  where vc.id = "submission"."collection_id"
  and vc.status = 'published'
  and (false
  or (exists (select 1
  from collection_organisation vco
  where vco.collection_id = vc.id
  and vco.is_nhsi_authorisation_required
  and vco.organisation_id = "submission"."organisation_id")
  and "submission"."official_revision_id" is not null))));

-- returns (submissionVisible): user with no role
-- parameters: []
select count(*) as "n"
  from "submission"
  where (false
  or exists (select 1
  from collection vc
  where vc.id = "submission"."collection_id"
  and vc.status = 'published'
  and (false
  or false)));
