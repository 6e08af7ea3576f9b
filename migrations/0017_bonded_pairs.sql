-- A bonded pair (decision 055): each pet names the other. Added as a column, not by re-creating `pets`
-- (a re-create's DROP TABLE would cascade into favourites, applications and visits). SQLite allows a
-- REFERENCES clause on an added column whose default is NULL; drizzle-kit leaves out the ON DELETE,
-- so it is written here: a pet removed for good leaves its partner unbonded.
ALTER TABLE `pets` ADD `bonded_with` integer REFERENCES pets(id) ON DELETE SET NULL;
