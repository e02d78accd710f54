ALTER TYPE "public"."mail_kind" ADD VALUE 'contract_confirmation';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'withdrawal_received';