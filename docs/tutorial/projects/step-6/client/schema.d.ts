export interface paths {}
