/** Message review (zh-CN). */
import type en from './en-US';

const messages: typeof en = {
  title: '消息审核',
  approve: '通过',
  reject: '驳回',
  bulkApprove: '批量通过（{{count}}）',
  bulkReject: '批量驳回（{{count}}）',
  approveTitle: '通过消息：{{count}}',
  rejectTitle: '驳回消息：{{count}}',
  note: '审核意见',
  noteRequired: '请填写驳回原因',
  noteTooLong: '审核意见最多 {{max}} 个字符',
  approved: '已通过消息：{{count}}',
  rejected: '已驳回消息：{{count}}',
  emptyPending: '暂无待审核的消息',
  keyword: '名称或文字的一部分',
  state: '审核状态',
  name: '消息',
  maker: '制作人',
  office: '机构',
  preview: '预览',
  states: {
    pending: '待审核',
    approved: '已通过',
    rejected: '已驳回',
  },
};
export default messages;
