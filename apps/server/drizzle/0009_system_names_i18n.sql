ALTER TABLE "sys_config" ADD COLUMN "config_name_en" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_config" ADD COLUMN "config_name_th" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_config" ADD COLUMN "remark_en" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_config" ADD COLUMN "remark_th" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_dept" ADD COLUMN "dept_name_en" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_dept" ADD COLUMN "dept_name_th" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_post" ADD COLUMN "post_name_en" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_post" ADD COLUMN "post_name_th" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_role" ADD COLUMN "role_name_en" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_role" ADD COLUMN "role_name_th" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "nick_name_en" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "nick_name_th" varchar(60) DEFAULT '' NOT NULL;