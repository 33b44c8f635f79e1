// The counts of verifications per prefix (table prefix_counts), kept by a trigger on starts so
// that no writer of starts can forget them: the admit function's insert, a forgotten start, a
// dropped one, a finished verification. The admit function reads a day of them (about 300 rows)
// instead of counting the prefix's starts of that day, whose cost grows with the prefix's traffic
// and is paid inside the project's lock.
//
// Like the admit function, the trigger is created by the migrations' owner after guard's migrations
// (a PL/pgSQL body cannot pass the migration runner). The first install fills the counts from the
// starts in the same transaction, with writers of starts held off, so no start is counted twice or missed.

/** The width of one row of counts. Small enough that counting the starts of the day's oldest, partly
 *  covered row one by one is cheap; large enough that a day is a few hundred rows. */
export const PREFIX_COUNT_BUCKET = "interval '5 minutes'";

/** Which row of counts a start falls into (its `bucket`). */
export function bucketOf(createdAt: string): string {
  return `date_bin(${PREFIX_COUNT_BUCKET}, ${createdAt}, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;
}

/**
 * What one start adds to its row: a verification that is not dropped counts, and an approved one
 * counts as approved. An update moves the start's share from its old row to its new one (one
 * change when the row is the same). It runs with guard's schema as its search path (the one it
 * was created with), so a write to guard.starts from any session (an operator's psql) finds the counts.
 */
export const COUNT_FUNCTION = `
CREATE OR REPLACE FUNCTION count_prefix_start() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $count$
DECLARE
  v_old_verifications int := 0;
  v_old_approved int := 0;
  v_new_verifications int := 0;
  v_new_approved int := 0;
  v_old_bucket timestamptz;
  v_new_bucket timestamptz;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.state <> 'dropped' THEN
    v_old_verifications := (OLD.kind = 'verification')::int;
    v_old_approved := (OLD.state = 'approved')::int;
    v_old_bucket := ${bucketOf('OLD.created_at')};
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.state <> 'dropped' THEN
    v_new_verifications := (NEW.kind = 'verification')::int;
    v_new_approved := (NEW.state = 'approved')::int;
    v_new_bucket := ${bucketOf('NEW.created_at')};
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.project_id = NEW.project_id AND OLD.prefix = NEW.prefix
     AND v_old_bucket = v_new_bucket THEN
    v_new_verifications := v_new_verifications - v_old_verifications;
    v_new_approved := v_new_approved - v_old_approved;
    v_old_verifications := 0;
    v_old_approved := 0;
  END IF;
  IF v_old_verifications <> 0 OR v_old_approved <> 0 THEN
    UPDATE prefix_counts
       SET verifications = verifications - v_old_verifications, approved = approved - v_old_approved
     WHERE project_id = OLD.project_id AND prefix = OLD.prefix AND bucket = v_old_bucket;
  END IF;
  IF v_new_verifications <> 0 OR v_new_approved <> 0 THEN
    INSERT INTO prefix_counts AS c (project_id, prefix, bucket, verifications, approved)
    VALUES (NEW.project_id, NEW.prefix, v_new_bucket, v_new_verifications, v_new_approved)
    ON CONFLICT (project_id, prefix, bucket) DO UPDATE
      SET verifications = c.verifications + EXCLUDED.verifications, approved = c.approved + EXCLUDED.approved;
  END IF;
  RETURN NULL;
END
$count$;
`;

export const COUNT_TRIGGER_NAME = 'starts_prefix_counts';

/** Held until the transaction ends: writers of starts wait, readers do not. */
export const HOLD_START_WRITERS = 'LOCK TABLE starts IN SHARE ROW EXCLUSIVE MODE';

/** Every start's share, counted again from the table (only when the trigger is first created). */
export const EMPTY_COUNTS = 'DELETE FROM prefix_counts';
export const FILL_COUNTS = `
INSERT INTO prefix_counts (project_id, prefix, bucket, verifications, approved)
SELECT project_id, prefix, ${bucketOf('created_at')},
       count(*) FILTER (WHERE kind = 'verification'), count(*) FILTER (WHERE state = 'approved')
  FROM starts
 WHERE state <> 'dropped' AND (kind = 'verification' OR state = 'approved')
 GROUP BY 1, 2, 3`;

export const CREATE_COUNT_TRIGGER = `
CREATE TRIGGER ${COUNT_TRIGGER_NAME}
AFTER INSERT OR DELETE OR UPDATE OF state, kind, created_at, project_id, prefix ON starts
FOR EACH ROW EXECUTE FUNCTION count_prefix_start()`;
