/** Material review (zh-HK). */
import type en from './en-US';

const messages: typeof en = {
  anyOffice: '全部機構',
  title: '素材審核',
  approve: '通過',
  reject: '駁回',
  bulkApprove: '通過所選（{{count}}）',
  bulkReject: '駁回所選（{{count}}）',
  approveTitle: '通過 {{count}} 個素材',
  rejectTitle: '駁回 {{count}} 個素材',
  note: '審核意見',
  noteRequired: '請填寫駁回原因',
  noteTooLong: '審核意見最多 {{max}} 個字元',
  approved: '已通過 {{count}} 個素材',
  rejected: '已駁回 {{count}} 個素材',
  emptyPending: '沒有待審核的素材',
  keyword: '按名稱搜尋',
  state: '審核狀態',
  name: '名稱',
  preview: '預覽',
  states: {
    pending: '待審核',
    approved: '已通過',
    rejected: '已駁回',
  },
};
export default messages;
