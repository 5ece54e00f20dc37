DROP INDEX "sys_user_dept_idx";--> statement-breakpoint
DROP INDEX "sys_user_list_idx";--> statement-breakpoint
CREATE INDEX "sys_user_dept_live_idx" ON "sys_user" USING btree ("dept_id") WHERE del_flag = '0';--> statement-breakpoint
CREATE INDEX "sys_user_list_order_idx" ON "sys_user" USING btree ("create_time","user_id","dept_id") WHERE del_flag = '0';