-- Hand-written (an index storage parameter the Prisma schema does not model). Every receipt finds
-- its message through this index. With fastupdate on, new keys wait in a pending list that every
-- lookup reads whole (up to gin_pending_list_limit, 4 MB) until a vacuum or a full list merges
-- it. Off, the keys of each message go straight into the index, and a lookup reads a few pages.
-- (No apostrophes or semicolons in these comments: the migration runner splits the script on them.)
ALTER INDEX "messages_receipt_keys_idx" SET (fastupdate = off);

-- What is already pending is merged now rather than at the next vacuum.
SELECT gin_clean_pending_list('messages_receipt_keys_idx'::regclass);
