/** Material review (ko-KR). */
import type en from './en-US';

const messages: typeof en = {
  anyOffice: '전체 기관',
  title: '소재 검토',
  approve: '승인',
  reject: '반려',
  bulkApprove: '선택 항목 승인 ({{count}})',
  bulkReject: '선택 항목 반려 ({{count}})',
  approveTitle: '소재 {{count}}개 승인',
  rejectTitle: '소재 {{count}}개 반려',
  note: '검토 의견',
  noteRequired: '반려 사유를 입력하세요',
  noteTooLong: '검토 의견은 최대 {{max}}자까지 가능합니다',
  approved: '소재 {{count}}개를 승인했습니다',
  rejected: '소재 {{count}}개를 반려했습니다',
  emptyPending: '검토 대기 중인 소재가 없습니다',
  keyword: '이름으로 검색',
  state: '검토 상태',
  name: '이름',
  preview: '미리 보기',
  states: {
    pending: '검토 대기',
    approved: '승인됨',
    rejected: '반려됨',
  },
};
export default messages;
