/** 审核历史（zh-CN）。 */
export default {
  open: '历史',
  title: '“{{name}}”的审核历史',
  revision: '版本 {{revision}}',
  system: '系统',
  empty: '尚无审核记录（保存时审核未开启）。',
  loadFailed: '无法加载审核历史。',
  actions: {
    submitted: '已提交',
    resubmitted: '已重新提交',
    approved: '已通过',
    rejected: '已驳回',
    autoApproved: '保存时自动通过',
  },
};
