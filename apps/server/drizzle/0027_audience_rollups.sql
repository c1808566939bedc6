-- Head counts join the play roll-ups as the kind 'audience' (plays = people counted, duration = time counted).
CREATE TEMP TABLE audience_hourly AS
  SELECT date_trunc('hour', started_at, 'UTC') AS hour, terminal_id, max(coalesce(office_id, 0)) AS office_id,
    sum(count)::bigint AS plays, (sum(period_seconds) * 1000)::bigint AS duration_ms
  FROM head_counts GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO play_hourly (hour, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms)
  SELECT hour, terminal_id, office_id, 'audience', 0, '', NULL, plays, duration_ms FROM audience_hourly
  ON CONFLICT (hour, terminal_id, kind, subject_id, subject_key) DO NOTHING;--> statement-breakpoint
CREATE TEMP VIEW audience_expanded AS
  SELECT hour, terminal_id, office_id, s.subject_id, s.subject_key, plays, duration_ms
  FROM audience_hourly, (VALUES (0, ''), (-1, '*')) AS s(subject_id, subject_key);--> statement-breakpoint
INSERT INTO play_daily (day, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms)
  SELECT date_trunc('day', hour, 'UTC'), terminal_id, max(office_id), 'audience', subject_id, subject_key, NULL, sum(plays), sum(duration_ms)
  FROM audience_expanded GROUP BY 1, terminal_id, subject_id, subject_key
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO play_office_hourly (hour, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms)
  SELECT hour, office_id, 'audience', subject_id, subject_key, NULL, sum(plays), sum(duration_ms)
  FROM audience_expanded GROUP BY hour, office_id, subject_id, subject_key
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO play_reach_hourly (hour, office_id, kind, subject_id, subject_key, chunk, terminals)
  SELECT hour, office_id, 'audience', subject_id, subject_key, terminal_id / 1024, bit_or(set_bit(B'0'::bit(1024), terminal_id % 1024, 1))
  FROM audience_expanded GROUP BY hour, office_id, subject_id, subject_key, terminal_id / 1024
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO play_reach_daily (day, office_id, kind, subject_id, subject_key, chunk, terminals)
  SELECT date_trunc('day', hour, 'UTC'), office_id, 'audience', subject_id, subject_key, terminal_id / 1024, bit_or(set_bit(B'0'::bit(1024), terminal_id % 1024, 1))
  FROM audience_expanded GROUP BY 1, office_id, subject_id, subject_key, terminal_id / 1024
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP VIEW audience_expanded;--> statement-breakpoint
DROP TABLE audience_hourly;
