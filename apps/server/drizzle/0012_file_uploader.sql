ALTER TABLE "sys_file" ADD COLUMN "uploader_id" bigint;--> statement-breakpoint
-- Files uploaded before the uploader was recorded: the live user of that name who existed at the upload.
UPDATE "sys_file" f SET "uploader_id" = u."user_id" FROM "sys_user" u
WHERE u."user_name" = f."create_by" AND u."del_flag" = '0' AND u."create_time" <= f."create_time";
