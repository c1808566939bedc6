/**
 * The announcement as GET /a/api/sysSetting/announcement answers it and announcementManagerSave
 * takes it (spec section 3; field names keep the spec's spelling). Times are ISO 8601 or '' when not set.
 */
export interface Announcement {
  announcementTitleCh: string;
  announcementTitleEn: string;
  announcementContentCh: string;
  announcementContentEn: string;
  announcemenStartTime: string;
  announcemenEndTime: string;
  colseTipOn: '0' | '1';
}
