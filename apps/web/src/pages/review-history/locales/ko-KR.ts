/** 검토 이력 (ko-KR). */
export default {
  open: '이력',
  title: '“{{name}}” 검토 이력',
  revision: '버전 {{revision}}',
  system: '시스템',
  empty: '검토 단계가 없습니다(검토가 꺼진 상태에서 저장됨).',
  loadFailed: '이력을 불러오지 못했습니다.',
  actions: {
    submitted: '제출됨',
    resubmitted: '다시 제출됨',
    approved: '승인됨',
    rejected: '반려됨',
    autoApproved: '저장 시 승인됨',
  },
};
