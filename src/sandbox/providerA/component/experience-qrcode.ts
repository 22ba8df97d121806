import QRCode from 'qrcode';

/** The experience QR code as WeChat sends it: a JPEG (D.4). The code encodes a sandbox URL for the version. */
export async function experienceQrcodeJpeg(content: string): Promise<Buffer> {
  const png = await QRCode.toBuffer(content, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 430 });
  const { default: sharp } = await import('sharp');
  return sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
}
