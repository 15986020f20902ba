package org.tropic.gpu;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The CUDA C++ source of Tropic's kernels, shipped as the resource {@code org/tropic/gpu/minplus.cu}. */
public record KernelSource(String name, String text) {
  /** The resource's name, also the program name NVRTC reports errors against. */
  public static final String RESOURCE = "minplus.cu";

  /** The kernels as shipped in this jar. */
  public static KernelSource minPlus() {
    try (InputStream in = KernelSource.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the kernel source org/tropic/gpu/" + RESOURCE
            + " is missing from the tropic-gpu jar: the build is broken");
      }
      return new KernelSource(RESOURCE, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the kernel source " + RESOURCE, e);
    }
  }

  /** SHA-256 of the text and everything else that changes the binary, as hex: the key of the compiled cache. */
  public String hash(String... salt) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(text.getBytes(StandardCharsets.UTF_8));
      for (String s : salt) {
        sha.update((byte) 0);
        sha.update(s.getBytes(StandardCharsets.UTF_8));
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
