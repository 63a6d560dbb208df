package io.tezext.simulator.scheduler;

import java.util.function.Predicate;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Gives a class whose instances hash by identity a {@code hashCode()} from {@link HashSequence},
 * assigned on first use and kept in a field of its own. Only the hash changes: {@code equals} stays
 * identity, so every hash-based collection behaves as before, in a reproducible order.
 *
 * <p>A class is rewritten when it is a plain class (not an interface, enum, record or annotation),
 * declares neither {@code hashCode()} nor {@code equals(Object)}, and its superclass hashes by
 * identity as well; a subclass of a rewritten class inherits the rewritten method.
 */
final class SequenceHashes {
  static final String FIELD = "tezext$hash";
  private static final String SEQUENCE = HashSequence.class.getName().replace('.', '/');

  private SequenceHashes() {
  }

  /**
   * @param identityHashed tells whether a class (by internal name) hashes and compares by identity
   */
  static byte[] rewrite(byte[] classFile, Predicate<String> identityHashed) {
    ClassReader reader = new ClassReader(classFile);
    int skipped = Opcodes.ACC_INTERFACE | Opcodes.ACC_ENUM | Opcodes.ACC_ANNOTATION | Opcodes.ACC_RECORD;
    if ((reader.getAccess() & skipped) != 0 || declaresHashOrEquals(reader)) {
      return classFile;
    }
    String superName = reader.getSuperName();
    if (!"java/lang/Object".equals(superName) && !identityHashed.test(superName)) {
      return classFile; // inherits a hash of its own (value-based, or rewritten already)
    }
    ClassWriter writer = new ClassWriter(reader, 0);
    reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
      @Override
      public void visitEnd() {
        addHashCode(cv, reader.getClassName(), reader.readUnsignedShort(6) >= Opcodes.V1_6);
        super.visitEnd();
      }
    }, 0);
    return writer.toByteArray();
  }

  private static boolean declaresHashOrEquals(ClassReader reader) {
    boolean[] found = new boolean[1];
    reader.accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
          String[] exceptions) {
        if (("hashCode".equals(name) && "()I".equals(descriptor))
            || ("equals".equals(name) && "(Ljava/lang/Object;)Z".equals(descriptor))) {
          found[0] = true;
        }
        return null;
      }
    }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    return found[0];
  }

  /**
   * <pre>{@code
   * private transient int tezext$hash;
   * public int hashCode() {
   *   int h = tezext$hash;
   *   if (h == 0) { h = tezext$hash = HashSequence.next(); }
   *   return h;
   * }
   * }</pre>
   */
  private static void addHashCode(ClassVisitor cv, String owner, boolean withFrames) {
    FieldVisitor field = cv.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC, FIELD,
        "I", null, null);
    field.visitEnd();
    MethodVisitor m = cv.visitMethod(Opcodes.ACC_PUBLIC, "hashCode", "()I", null, null);
    m.visitCode();
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitFieldInsn(Opcodes.GETFIELD, owner, FIELD, "I");
    m.visitInsn(Opcodes.DUP);
    Label done = new Label();
    m.visitJumpInsn(Opcodes.IFNE, done);
    m.visitInsn(Opcodes.POP);
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitMethodInsn(Opcodes.INVOKESTATIC, SEQUENCE, "next", "()I", false);
    m.visitInsn(Opcodes.DUP_X1);
    m.visitFieldInsn(Opcodes.PUTFIELD, owner, FIELD, "I");
    m.visitLabel(done);
    if (withFrames) { // class files of Java 6 and later carry stack map frames
      m.visitFrame(Opcodes.F_SAME1, 0, null, 1, new Object[] {Opcodes.INTEGER});
    }
    m.visitInsn(Opcodes.IRETURN);
    m.visitMaxs(3, 1);
    m.visitEnd();
  }
}
