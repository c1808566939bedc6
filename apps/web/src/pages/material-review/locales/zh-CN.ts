/** Material review (zh-CN). */
import type en from './en-US';

const messages: typeof en = {
  anyOffice: '全部机构',
  title: '素材审核',
  approve: '通过',
  reject: '驳回',
  bulkApprove: '通过所选（{{count}}）',
  bulkReject: '驳回所选（{{count}}）',
  approveTitle: '通过 {{count}} 个素材',
  rejectTitle: '驳回 {{count}} 个素材',
  note: '审核意见',
  noteRequired: '请填写驳回原因',
  noteTooLong: '审核意见最多 {{max}} 个字符',
  approved: '已通过 {{count}} 个素材',
  rejected: '已驳回 {{count}} 个素材',
  emptyPending: '没有待审核的素材',
  keyword: '按名称搜索',
  state: '审核状态',
  name: '名称',
  preview: '预览',
  states: {
    pending: '待审核',
    approved: '已通过',
    rejected: '已驳回',
  },
};
export default messages;
