/** Message review (ko-KR). */
import type en from './en-US';

const messages: typeof en = {
  title: '메시지 검토',
  approve: '승인',
  reject: '반려',
  bulkApprove: '선택 항목 승인({{count}})',
  bulkReject: '선택 항목 반려({{count}})',
  approveTitle: '메시지 승인: {{count}}',
  rejectTitle: '메시지 반려: {{count}}',
  note: '검토 의견',
  noteRequired: '반려 사유를 입력하세요',
  noteTooLong: '검토 의견은 최대 {{max}}자입니다',
  approved: '승인한 메시지: {{count}}',
  rejected: '반려한 메시지: {{count}}',
  emptyPending: '검토 대기 중인 메시지가 없습니다',
  keyword: '이름 또는 텍스트의 일부',
  state: '검토 상태',
  name: '메시지',
  maker: '제작자',
  office: '기관',
  preview: '미리 보기',
  states: {
    pending: '검토 대기',
    approved: '승인됨',
    rejected: '반려됨',
  },
};
export default messages;
