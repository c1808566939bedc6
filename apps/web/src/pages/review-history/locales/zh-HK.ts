/** 審核歷史（zh-HK）。 */
export default {
  open: '歷史',
  title: '「{{name}}」的審核歷史',
  revision: '版本 {{revision}}',
  system: '系統',
  empty: '尚無審核記錄（儲存時審核未開啟）。',
  loadFailed: '無法載入審核歷史。',
  actions: {
    submitted: '已提交',
    resubmitted: '已重新提交',
    approved: '已通過',
    rejected: '已駁回',
    autoApproved: '儲存時自動通過',
  },
};
