/** Message review (zh-HK). */
import type en from './en-US';

const messages: typeof en = {
  title: '訊息審核',
  approve: '通過',
  reject: '駁回',
  bulkApprove: '批量通過（{{count}}）',
  bulkReject: '批量駁回（{{count}}）',
  approveTitle: '通過訊息：{{count}}',
  rejectTitle: '駁回訊息：{{count}}',
  note: '審核意見',
  noteRequired: '請填寫駁回原因',
  noteTooLong: '審核意見最多 {{max}} 個字元',
  approved: '已通過訊息：{{count}}',
  rejected: '已駁回訊息：{{count}}',
  emptyPending: '暫無待審核的訊息',
  keyword: '名稱或文字的一部分',
  state: '審核狀態',
  name: '訊息',
  maker: '製作人',
  office: '機構',
  preview: '預覽',
  states: {
    pending: '待審核',
    approved: '已通過',
    rejected: '已駁回',
  },
};
export default messages;
