-- TOTP second factor: the sealed secret (and one being enrolled), the last step used (a code is
-- accepted once) and hashed one-time recovery codes. Nobody is enrolled yet: operators are sent to
-- enrolment at their next sign-in.

-- CreateTable
CREATE TABLE "second_factors" (
    "user_id" UUID NOT NULL,
    "secret_sealed" BYTEA,
    "pending_sealed" BYTEA,
    "last_used_step" INTEGER,
    "confirmed_at" TIMESTAMPTZ(3),

    CONSTRAINT "second_factors_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "recovery_codes" (
    "user_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,

    CONSTRAINT "recovery_codes_pkey" PRIMARY KEY ("user_id","code_hash")
);

-- AddForeignKey
ALTER TABLE "second_factors" ADD CONSTRAINT "second_factors_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

