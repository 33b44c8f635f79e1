import { bucketOf, PREFIX_COUNT_BUCKET } from './prefix-counts.js';

// The admit function: it judges one start and records it when admitted, as ONE statement for
// the caller (`SELECT admit_start_2($1)`). Starts of one project are judged one at a time (a
// transaction-scoped advisory lock), so two replicas can never both let through the start that
// reaches a limit, and each statement inside the function sees every start committed before it.
// It is created (or replaced) by the migrations' owner right after guard's migrations
// (schema-objects.ts), not by a migration: the bundled schema engine splits migration scripts on
// every `;`, which a PL/pgSQL body cannot avoid. It lives with the code that calls it, so the two
// never disagree. Its name carries a version, changed whenever its answer changes shape: during a
// rolling upgrade, replicas of the previous version keep calling the function their release
// installed (a replaced one would answer what they cannot read, and they would refuse every
// start), and the trigger that keeps the counts per prefix counts their starts too.
// Verdicts: admitted, GEO_PERMISSION_DENIED, FRAUD_SUSPECTED, RATE_LIMITED (limit, retry_after).
/** Version 2: the stats hold the prefix's outlook only (the volume is a second statement). */
export const ADMIT_FUNCTION_NAME = 'admit_start_2';

export const ADMIT_FUNCTION = `
CREATE OR REPLACE FUNCTION ${ADMIT_FUNCTION_NAME}(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $admit$
DECLARE
  v_project text := p->>'project_id';
  v_at timestamptz := (p->>'at')::timestamptz;
  v_to text := p->>'to';
  v_prefix text := p->>'prefix';
  v_ip text := NULLIF(p->>'ip', '');
  v_recent interval := make_interval(secs => (p->>'recent_seconds')::int);
  v_history interval := make_interval(secs => (p->>'history_seconds')::int);
  v_judge interval := make_interval(secs => (p->>'judge_seconds')::int);
  v_pending interval := make_interval(secs => (p->>'pending_seconds')::int);
  s fraud_settings%ROWTYPE;
  v_block prefix_blocks%ROWTYPE;
  v_count int;
  v_edge timestamptz;
  v_id bigint;
  v_stats jsonb;
  v_first timestamptz;
  v_verifications bigint;
  v_approved bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('guard.admit_start:' || v_project));
  IF EXISTS (SELECT 1 FROM starts WHERE project_id = v_project AND request_key = p->>'request_key'
                                  AND state <> 'dropped') THEN
    RETURN jsonb_build_object('verdict', 'admitted', 'replayed', true);
  END IF;
  SELECT * INTO s FROM fraud_settings WHERE project_id = v_project;
  IF NOT FOUND THEN
    INSERT INTO fraud_settings (project_id) VALUES (v_project) ON CONFLICT (project_id) DO NOTHING;
    SELECT * INTO s FROM fraud_settings WHERE project_id = v_project;
  END IF;

  IF s.allowed_countries IS NOT NULL AND NOT (s.allowed_countries ? (p->>'country')) THEN
    RETURN jsonb_build_object('verdict', 'GEO_PERMISSION_DENIED');
  END IF;

  SELECT * INTO v_block FROM prefix_blocks
   WHERE project_id = v_project AND prefix = v_prefix AND until > v_at
   ORDER BY (lifted_at IS NULL AND mode = 'block') DESC, until DESC LIMIT 1;
  IF FOUND AND v_block.lifted_at IS NULL AND v_block.mode = 'block' AND s.pumping_protection = 'block'
     AND NOT (v_to = ANY (s.safe_numbers)) THEN
    RETURN jsonb_build_object('verdict', 'FRAUD_SUSPECTED', 'reason', v_block.reason, 'until', v_block.until);
  END IF;

  IF s.project_rps IS NOT NULL THEN
    SELECT count(*) INTO v_count FROM starts
     WHERE project_id = v_project AND created_at > v_at - interval '1 second' AND state <> 'dropped';
    IF v_count >= s.project_rps THEN
      RETURN jsonb_build_object('verdict', 'RATE_LIMITED', 'limit', 'project_rps', 'retry_after', 1);
    END IF;
  END IF;

  IF p->>'kind' = 'verification' AND s.pending_per_number IS NOT NULL THEN
    SELECT count(*), min(created_at) INTO v_count, v_edge FROM starts
     WHERE project_id = v_project AND "to" = v_to AND kind = 'verification' AND state = 'pending'
       AND created_at > v_at - v_pending;
    IF v_count >= s.pending_per_number THEN
      RETURN jsonb_build_object('verdict', 'RATE_LIMITED', 'limit', 'pending_per_number',
        'retry_after', LEAST(60, GREATEST(1, ceil(extract(epoch FROM v_edge + v_pending - v_at))::int)));
    END IF;
  END IF;

  IF s.number_limit IS NOT NULL THEN
    SELECT created_at INTO v_edge FROM starts
     WHERE project_id = v_project AND "to" = v_to AND state <> 'dropped'
       AND created_at > v_at - make_interval(secs => s.number_window_seconds)
     ORDER BY created_at DESC OFFSET s.number_limit - 1 LIMIT 1;
    IF FOUND THEN
      RETURN jsonb_build_object('verdict', 'RATE_LIMITED', 'limit', 'number_limit', 'retry_after',
        GREATEST(1, ceil(extract(epoch FROM v_edge + make_interval(secs => s.number_window_seconds) - v_at))::int));
    END IF;
  END IF;

  IF v_ip IS NOT NULL AND s.ip_limit IS NOT NULL THEN
    SELECT created_at INTO v_edge FROM starts
     WHERE project_id = v_project AND ip = v_ip AND state <> 'dropped'
       AND created_at > v_at - make_interval(secs => s.ip_window_seconds)
     ORDER BY created_at DESC OFFSET s.ip_limit - 1 LIMIT 1;
    IF FOUND THEN
      RETURN jsonb_build_object('verdict', 'RATE_LIMITED', 'limit', 'ip_limit', 'retry_after',
        GREATEST(1, ceil(extract(epoch FROM v_edge + make_interval(secs => s.ip_window_seconds) - v_at))::int));
    END IF;
  END IF;

  INSERT INTO starts (project_id, request_key, kind, "to", country, prefix, ip, device_id, user_agent, state, created_at)
  VALUES (v_project, p->>'request_key', p->>'kind', v_to, p->>'country', v_prefix, v_ip,
          NULLIF(p->>'device_id', ''), NULLIF(p->>'user_agent', ''),
          CASE WHEN p->>'kind' = 'verification' THEN 'pending' ELSE 'sent' END, v_at)
  ON CONFLICT (project_id, request_key) DO UPDATE
    SET state = EXCLUDED.state, created_at = EXCLUDED.created_at, finished_at = NULL
  RETURNING id INTO v_id;

  -- The detector's first view of the prefix, only when it may act: protection on, not a safe number,
  -- and no block (active, lifted early, or monitor-only) still covering the prefix. It is what
  -- every start pays for: the day's conversion from the counts per five minutes (the oldest, partly
  -- covered five minutes counted from its starts) and the latest numbers. The volume rules, which
  -- count the day's starts, run as a second statement only for a prefix that does not convert.
  IF s.pumping_protection <> 'off' AND NOT (v_to = ANY (s.safe_numbers)) AND v_block.id IS NULL THEN
    v_first := ${bucketOf('v_at - v_history')} + ${PREFIX_COUNT_BUCKET};
    SELECT COALESCE(sum(verifications), 0), COALESCE(sum(approved), 0) INTO v_verifications, v_approved
      FROM prefix_counts WHERE project_id = v_project AND prefix = v_prefix AND bucket >= v_first;
    SELECT v_verifications + count(*) FILTER (WHERE kind = 'verification'),
           v_approved + count(*) FILTER (WHERE state = 'approved')
      INTO v_verifications, v_approved
      FROM starts
     WHERE project_id = v_project AND prefix = v_prefix AND state <> 'dropped'
       AND created_at > v_at - v_history AND created_at < v_first;
    -- Judged: every verification of the day but those still pending and younger than the judge window.
    SELECT count(*) INTO v_count FROM starts
     WHERE project_id = v_project AND prefix = v_prefix AND kind = 'verification'
       AND state NOT IN ('dropped', 'approved', 'unconverted')
       AND created_at > v_at - v_judge AND created_at > v_at - v_history;
    v_stats := jsonb_build_object(
      'judged', v_verifications - v_count,
      'approved', v_approved,
      'recent_numbers_sample', COALESCE((SELECT jsonb_agg(recent."to") FROM (
          SELECT "to" FROM starts
           WHERE project_id = v_project AND prefix = v_prefix AND state <> 'dropped' AND created_at > v_at - v_recent
           ORDER BY created_at DESC LIMIT (p->>'sample_size')::int) AS recent), '[]'::jsonb));
  END IF;

  RETURN jsonb_build_object('verdict', 'admitted', 'start_id', v_id::text, 'protection', s.pumping_protection,
    'stats', v_stats, 'callback_url', s.callback_url);
END
$admit$;
`;
