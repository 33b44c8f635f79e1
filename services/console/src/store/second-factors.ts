import type { Db } from './database.js';

export interface SecondFactorRecord {
  /** The confirmed secret, sealed; null until an enrolment is confirmed. */
  secretSealed: Uint8Array | null;
  /** An enrolment in progress, sealed. */
  pendingSealed: Uint8Array | null;
  lastUsedStep: number | null;
}

// TOTP secrets (sealed by the caller) and hashed recovery codes. Using a step or a recovery code
// is one conditional write each, so two requests carrying the same code cannot both pass.
export class SecondFactors {
  constructor(private readonly db: Db) {}

  async of(userId: string): Promise<SecondFactorRecord | undefined> {
    const row = await this.db.secondFactor.findUnique({ where: { userId } });
    return row
      ? { secretSealed: row.secretSealed, pendingSealed: row.pendingSealed, lastUsedStep: row.lastUsedStep }
      : undefined;
  }

  async enrolled(userId: string): Promise<boolean> {
    return (await this.db.secondFactor.count({ where: { userId, confirmedAt: { not: null } } })) > 0;
  }

  /** Starts (or restarts) an enrolment; a confirmed factor stays in use until the new one is confirmed. */
  async begin(userId: string, pendingSealed: Uint8Array<ArrayBuffer>): Promise<void> {
    await this.db.secondFactor.upsert({
      where: { userId },
      create: { userId, pendingSealed },
      update: { pendingSealed },
    });
  }

  /**
   * The enrolment in progress becomes the factor, its step used, with new recovery codes (the old
   * ones gone); false when another request confirmed or restarted it meanwhile.
   */
  async confirm(
    userId: string,
    pendingSealed: Uint8Array<ArrayBuffer>,
    secretSealed: Uint8Array<ArrayBuffer>,
    step: number,
    recoveryHashes: string[],
  ): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const taken = await tx.secondFactor.updateMany({
        where: { userId, pendingSealed: { equals: pendingSealed } },
        data: { secretSealed, pendingSealed: null, lastUsedStep: step, confirmedAt: new Date() },
      });
      if (taken.count === 0) return false;
      await tx.recoveryCode.deleteMany({ where: { userId } });
      await tx.recoveryCode.createMany({ data: recoveryHashes.map((codeHash) => ({ userId, codeHash })) });
      return true;
    });
  }

  /** Records `step` as used; false when it (or a later one) was used already. */
  async useStep(userId: string, step: number): Promise<boolean> {
    const used = await this.db.secondFactor.updateMany({
      where: {
        userId,
        confirmedAt: { not: null },
        OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }],
      },
      data: { lastUsedStep: step },
    });
    return used.count > 0;
  }

  /** Uses up a recovery code; false when it is not (or no longer) one of the user's. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    return (await this.db.recoveryCode.deleteMany({ where: { userId, codeHash } })).count > 0;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    return this.db.recoveryCode.count({ where: { userId } });
  }

  /** Removes the factor and its recovery codes (disabled by its owner, or reset by an operator). */
  async remove(userId: string): Promise<boolean> {
    const [, removed] = await this.db.$transaction([
      this.db.recoveryCode.deleteMany({ where: { userId } }),
      this.db.secondFactor.deleteMany({ where: { userId } }),
    ]);
    return removed.count > 0;
  }
}
