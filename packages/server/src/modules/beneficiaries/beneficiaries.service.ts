import { recordEvent } from '../../webhooks/index.js';
import type { Db } from '../../db/database.js';
import { transact, type Tx } from '../../db/transact.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import type { CursorCodec } from '../../lib/cursor.js';
import { AppError, invalidData, notFound, type FieldError } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import {
  buildPage,
  listScope,
  planPage,
  type PageResult,
  storedWeight,
  withinPageWeight,
} from '../../lib/pagination.js';
import { mergeMetadata, metadataOf, parseMetadata, serializeMetadata } from '../../lib/metadata.js';
import { writeMetadataEntries } from '../../db/metadata-entries.js';
import { metadataScope } from '../../lib/metadata-query.js';
import type { CompleteIdempotent } from '../idempotency/index.js';
import {
  findBeneficiary,
  hasLiveInstruction,
  insertBeneficiary,
  insertInstruction,
  isUniqueViolation,
  listBeneficiaries,
  liveInstructionsOf,
  lockBeneficiary,
  removeInstruction,
  touchBeneficiary,
  updateBeneficiaryMetadata,
} from './beneficiaries.repository.js';
import type {
  Beneficiary,
  CreateBeneficiaryBody,
  ListBeneficiariesQuery,
  PatchBeneficiaryBody,
  PaymentInstruction,
  PaymentInstructionInput,
} from './beneficiaries.schemas.js';
import type { BeneficiaryRow } from './beneficiaries.table.js';
import { toBeneficiary, toInstruction } from './beneficiary-view.js';
import type { StoredMetadata } from '../../lib/stored-metadata.js';
import type { InstructionReviewScheduler } from './instruction-scheduler.js';
import {
  checkHolderTaxId,
  checkInstruction,
  type NormalizedInstruction,
} from './payment-instruction-rules.js';
import type { PaymentInstructionRow } from './payment-instructions.table.js';
import { normalizeTaxId } from './tax-ids.js';

export interface BeneficiariesDeps {
  db: Db;
  clock: Clock;
  cursors: CursorCodec;
  queue: JobQueue;
  /** Who reviews a new instruction (the sandbox simulator, or nobody: the back-office). */
  review: InstructionReviewScheduler;
  /** The metadata filter's candidate bound (db/metadata-filter.ts); its default unless a test sets one. */
  metadataFilterCandidates?: number | undefined;
}

const duplicate = (pointer: string) =>
  new AppError('DUPLICATE_PAYMENT_INSTRUCTION', {
    detail: 'This beneficiary already has this payment instruction.',
    errors: [
      {
        pointer,
        in: 'body',
        code: 'DUPLICATE_PAYMENT_INSTRUCTION',
        detail: 'The same rail, asset and details are already an instruction of this beneficiary.',
      },
    ],
  });

export class BeneficiariesService {
  constructor(private readonly deps: BeneficiariesDeps) {}

  /** Creates a beneficiary with its first instruction, PENDING_REVIEW. */
  async create(
    customerId: string,
    input: CreateBeneficiaryBody,
    complete: CompleteIdempotent,
  ): Promise<{ status: 201; body: Beneficiary }> {
    const errors: FieldError[] = [];
    const holder = checkHolderTaxId(input.holder.type, input.holder.taxId);
    if (holder.kind === 'invalid') errors.push(...holder.errors);
    const rules = checkInstruction(input.paymentInstruction, '/paymentInstruction');
    if (rules.kind === 'invalid') errors.push(...rules.errors);
    if (holder.kind === 'invalid' || rules.kind === 'invalid') throw invalidData(errors);

    const now = this.deps.clock.now();
    const metadata = metadataOf(input.metadata);
    const row: BeneficiaryRow = {
      id: newId('beneficiary', now),
      customer_id: customerId,
      holder_type: input.holder.type,
      holder_name: input.holder.name,
      tax_id: holder.taxId,
      relationship_type: input.relationshipType,
      metadata: serializeMetadata(metadata),
      created_at: now,
      updated_at: now,
    };
    const body = await transact(this.deps.db, async (tx) => {
      await insertBeneficiary(tx.trx, row);
      await writeMetadataEntries(
        tx.trx,
        { resource: 'beneficiaries', resourceId: row.id, customerId, createdAt: row.created_at },
        metadata,
      );
      const instruction = await this.addInstruction(tx, row, rules.instruction, now);
      const beneficiary = toBeneficiary(row, [instruction]);
      await this.announce(tx, beneficiary, instruction, now);
      await complete(tx.trx, 201, beneficiary);
      return beneficiary;
    });
    return { status: 201, body };
  }

  async get(customerId: string, beneficiaryId: string): Promise<Beneficiary> {
    const row = await this.ownBeneficiary(this.deps.db, customerId, beneficiaryId);
    return toBeneficiary(row, await liveInstructionsOf(this.deps.db, [row.id]));
  }

  /** A page of beneficiaries; with `stored`, each item's metadata is a slot of it (lib/stored-metadata.ts). */
  async list(
    customerId: string,
    query: ListBeneficiariesQuery,
    stored?: StoredMetadata,
  ): Promise<PageResult<Beneficiary>> {
    const filters = { taxId: query.taxId === undefined ? undefined : normalizeTaxId(query.taxId) };
    // The metadata filter is part of the cursor's scope: a cursor of another filter is refused.
    const binding = {
      customerId,
      scope: listScope(
        'beneficiaries',
        { ...filters, metadata: metadataScope(query.metadata) },
        query.sortOrder ?? 'DESCENDING',
      ),
    };
    const plan = planPage(query, this.deps.cursors, binding);
    const keyOf = (r: { created_at: number; id: string }) => ({
      sortValue: r.created_at,
      id: r.id,
    });
    const { rows, scannedTo } = withinPageWeight(
      await listBeneficiaries(
        this.deps.db,
        customerId,
        { ...filters, metadata: query.metadata },
        plan,
        this.deps.metadataFilterCandidates,
      ),
      plan,
      keyOf,
      (r) => storedWeight(r.metadata),
    );
    // One query for the page's instructions, not one per beneficiary.
    const instructions = await liveInstructionsOf(
      this.deps.db,
      rows.map((r) => r.id),
    );
    return buildPage(
      rows,
      plan,
      keyOf,
      (r) =>
        toBeneficiary(
          r,
          instructions.filter((i) => i.beneficiary_id === r.id),
          stored,
        ),
      this.deps.cursors,
      binding,
      scannedTo,
    );
  }

  /**
   * Changes the beneficiary's metadata (the only member a PATCH takes), merged by the rule of
   * lib/metadata.ts. No event (the catalogue has no BENEFICIARY_UPDATED); the next event of the
   * beneficiary carries the new metadata in its snapshot.
   */
  async update(
    customerId: string,
    beneficiaryId: string,
    patch: PatchBeneficiaryBody,
  ): Promise<Beneficiary> {
    return transact(this.deps.db, async ({ trx }) => {
      const row = isId('beneficiary', beneficiaryId)
        ? await lockBeneficiary(trx, customerId, beneficiaryId)
        : undefined;
      if (!row) throw notFound('Beneficiary', beneficiaryId);
      const metadata = mergeMetadata(parseMetadata(row.metadata), patch.metadata);
      const now = this.deps.clock.now();
      const written = { ...row, metadata: serializeMetadata(metadata), updated_at: now };
      await updateBeneficiaryMetadata(trx, row.id, written.metadata, now);
      await writeMetadataEntries(
        trx,
        { resource: 'beneficiaries', resourceId: row.id, customerId, createdAt: row.created_at },
        metadata,
      );
      return toBeneficiary(written, await liveInstructionsOf(trx, [row.id]));
    });
  }

  /** Adds an instruction, PENDING_REVIEW; the same one twice on a beneficiary is a 409. */
  async addPaymentInstruction(
    customerId: string,
    beneficiaryId: string,
    input: PaymentInstructionInput,
    complete: CompleteIdempotent,
  ): Promise<{ status: 201; body: PaymentInstruction }> {
    const owner = await this.ownBeneficiary(this.deps.db, customerId, beneficiaryId);
    const rules = checkInstruction(input, '');
    if (rules.kind === 'invalid') throw invalidData(rules.errors);
    const now = this.deps.clock.now();
    try {
      const body = await transact(this.deps.db, async (tx) => {
        if (await hasLiveInstruction(tx.trx, owner.id, rules.instruction.fingerprint)) {
          throw duplicate('');
        }
        const instruction = await this.addInstruction(tx, owner, rules.instruction, now);
        await touchBeneficiary(tx.trx, owner.id, now);
        const all = await liveInstructionsOf(tx.trx, [owner.id]);
        const beneficiary = toBeneficiary({ ...owner, updated_at: now }, all);
        await this.announce(tx, beneficiary, instruction, now);
        const created = toInstruction(instruction);
        await complete(tx.trx, 201, created);
        return created;
      });
      return { status: 201, body };
    } catch (error) {
      // Two concurrent adds of one instruction: the unique index lets one through.
      if (isUniqueViolation(error)) throw duplicate('');
      throw error;
    }
  }

  /**
   * Soft removal: the instruction disappears from the beneficiary and no new operation may use
   * it; operations that used it keep their own snapshot. Removing it again is a 404: it is gone.
   */
  async removePaymentInstruction(
    customerId: string,
    beneficiaryId: string,
    instructionId: string,
  ): Promise<void> {
    const now = this.deps.clock.now();
    const removed =
      isId('beneficiary', beneficiaryId) && isId('paymentInstruction', instructionId)
        ? await transact(this.deps.db, async (tx) => {
            const n = await removeInstruction(
              tx.trx,
              customerId,
              beneficiaryId,
              instructionId,
              now,
            );
            if (n > 0) await touchBeneficiary(tx.trx, beneficiaryId, now);
            return n;
          })
        : 0;
    if (removed === 0) throw notFound('Payment instruction', instructionId);
  }

  private async ownBeneficiary(db: Db, customerId: string, beneficiaryId: string) {
    const row = isId('beneficiary', beneficiaryId)
      ? await findBeneficiary(db, customerId, beneficiaryId)
      : undefined;
    if (!row) throw notFound('Beneficiary', beneficiaryId);
    return row;
  }

  private async addInstruction(
    tx: Tx,
    beneficiary: BeneficiaryRow,
    instruction: NormalizedInstruction,
    now: number,
  ): Promise<PaymentInstructionRow> {
    const row: PaymentInstructionRow = {
      id: newId('paymentInstruction', now),
      beneficiary_id: beneficiary.id,
      customer_id: beneficiary.customer_id,
      rail: instruction.rail,
      asset: instruction.asset,
      details: JSON.stringify(instruction.details),
      fingerprint: instruction.fingerprint,
      status: 'PENDING_REVIEW',
      reason_code: null,
      reason_message: null,
      removed_at: null,
      created_at: now,
      updated_at: now,
    };
    await insertInstruction(tx.trx, row);
    return row;
  }

  /** BENEFICIARY_PAYMENT_INSTRUCTION_CREATED and the review's scheduling, in the same tx. */
  private async announce(
    tx: Tx,
    beneficiary: Beneficiary,
    instruction: PaymentInstructionRow,
    at: number,
  ): Promise<void> {
    await recordEvent(tx, this.deps.queue, {
      customerId: instruction.customer_id,
      type: 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED',
      resource: 'BENEFICIARY',
      resourceId: beneficiary.id,
      data: { ...beneficiary, instructionId: instruction.id },
      at,
    });
    await this.deps.review.created(tx, beneficiary, toInstruction(instruction));
  }
}
